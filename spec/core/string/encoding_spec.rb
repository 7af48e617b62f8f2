s = "héllo"
p s.encoding, s.encoding.name, s.encoding.to_s, s.valid_encoding?, s.ascii_only?, "abc".ascii_only?
b = s.b
p b.encoding, b, b.length, s.length, b.bytesize
p Encoding::UTF_8, Encoding::BINARY, Encoding::ASCII_8BIT, Encoding::US_ASCII, Encoding::BINARY.equal?(Encoding::ASCII_8BIT)
p Encoding::UTF_8.names, Encoding.find("binary"), Encoding.find("utf-8"), Encoding.default_external
x = "abc".force_encoding("ASCII-8BIT")
p x.encoding, x + "é", (x + "é").encoding, ("é" + x).encoding
bad = "a\xffb\xe3\x81"
p bad.valid_encoding?, bad.length, bad.chars, bad.scrub, bad.scrub("?"), bad.scrub { |c| "<#{c.bytes.map { |x| x.to_s(16) }.join}>" }
begin
  "é" + "\xff".b
rescue => e
  p e.class, e.message
end
begin
  "é".b + "ü"
rescue Encoding::CompatibilityError => e
  p e.message
end
t = +"ab"
t << "\xff".b
p t.encoding
p "héllo"[1], "héllo"[1, 3], "héllo".reverse, "日本語".length, "日本語"[-1], "日本語".bytes.size
p Encoding.compatible?("a", "b".b), Encoding.compatible?("é", "\xff".b)
begin
  Encoding.find("nope")
rescue ArgumentError => e
  p e.message
end
p "abc".force_encoding(Encoding::US_ASCII).encoding, "abc".b.inspect, "\xff".inspect, "\xff".b.inspect
