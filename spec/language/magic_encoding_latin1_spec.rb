# encoding: iso-8859-1
# A source in ISO-8859-1: its literals keep the bytes and the encoding
s = "café"
p s.encoding, s.bytes, s.length, __ENCODING__
puts s.encode("UTF-8")
p s, s.upcase, "x".encoding
