# Interpolation in a UTF-8 source: the result starts out UTF-8 and takes the encoding of a
# non-ASCII piece while the text before it is ASCII; two non-ASCII pieces in different
# encodings are Encoding::CompatibilityError (CRuby's rb_str_concat_literals).
b = "\xff".b
a = "a".b
u = "é"
us = "x".encode("US-ASCII")
p "#{b}".encoding, "x#{b}".encoding, "#{b}y".encoding, "#{b}#{a}".encoding
p "#{a}".encoding, "#{a}é".encoding, "#{us}".encoding, "#{us}#{b}".encoding
p "é#{a}".encoding
[-> { "é#{b}" }, -> { "#{b}é" }, -> { "#{u}#{b}" }, -> { "#{b}#{u}" }].each do |f|
  begin
    p f.call
  rescue Encoding::CompatibilityError => e
    p e.message
  end
end
p "#{1}".encoding, "#{:a}".encoding, "#{nil}".encoding, "#{[1]}".encoding
o = Object.new
def o.to_s = "\xfe".b
p "#{o}".encoding, "#{o}".bytes
p "\u00e9".encoding, "\u00e9#{1}".encoding, "caf\u00e9".length
x = "#{b}"
p x.frozen?, x.equal?(b), x.valid_encoding?
