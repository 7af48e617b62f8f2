# String#<< and #concat with an Integer: the codepoint's bytes in a UTF-8 string, the byte itself
# in a binary or US-ASCII one (a byte above 127 makes a US-ASCII string binary), RangeErrors.
p((+"") << 233 << 65, "a".b << 200, (("é" << 0x110000) rescue $!), ((+"a".encode("US-ASCII")) << 200).encoding)
u = +"a".encode("US-ASCII")
p (u << 65).encoding, u.concat(66, 200), u.encoding
p((("x".b << 256) rescue $!), (((+"x") << -1) rescue $!), ((+"x") << 0xD800 rescue $!))
r = +""
1000.times { |i| r << (i % 94 + 33) << 0x3042 }
p r.bytesize, r.length, r[0, 6], r.encoding
