# encoding: us-ascii
# A US-ASCII source: ASCII literals are US-ASCII, a literal with a non-ASCII byte is BINARY,
# one with a \u escape UTF-8; interpolation starts in US-ASCII and takes its pieces' encodings.
p __ENCODING__
p "abc".encoding, "\xff".encoding, "\u00e9".encoding, "\u0041".encoding
p "#{1}".encoding, "#{1}a".encoding
p "#{"a".b}".encoding, "a#{"\xff".b}".encoding
p "#{"x".encode("UTF-8")}".encoding
p "#{:sym}".encoding, "#{nil}".encoding, "#{1.5}".encoding
p ("abc" + "d").encoding, ("abc" << "\u00e9").encoding
p "abc".force_encoding("UTF-8").encoding
p eval("__ENCODING__")
p "abc" == "abc".encode("UTF-8")
