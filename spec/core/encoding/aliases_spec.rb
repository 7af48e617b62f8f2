# Encoding.aliases: alias name => encoding name (only the encodings rubra has are printed)
a = Encoding.aliases
p a.class
p a["BINARY"], a["ASCII"], a["CP65001"], a["ANSI_X3.4-1968"], a["646"]
p a.key?("UTF-8"), a.key?("US-ASCII"), a.key?("ASCII-8BIT")
p a.equal?(Encoding.aliases)
a["x"] = "y"
p Encoding.aliases.key?("x")
