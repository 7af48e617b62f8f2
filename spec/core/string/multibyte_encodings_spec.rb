# Strings in encodings other than UTF-8: characters split by each encoding's rules (Shift_JIS,
# EUC-JP, UTF-16/32, the single-byte code pages, the dummies), inspect and dump, ord, case
# mapping, scrub, compatibility with UTF-8 strings, hash and eql?, Marshal's encoding names
s = "日本語テキスト".encode("Shift_JIS")
p s.length, s.bytesize, s.valid_encoding?, s.ascii_only?
p s.chars.map(&:bytesize)
p s[1], s[1].encoding, s[1..2].encode("UTF-8")
p s.reverse.encode("UTF-8")
p s.each_char.to_a.size, s.split("").size
p s.ord.to_s(16)
p s.index("語".encode("Shift_JIS"))
p s.center(11, "*".encode("Shift_JIS")).encode("UTF-8")
p "日本".encode("EUC-JP"), "日本".encode("EUC-JP").length
e = "été".encode("ISO-8859-1")
p e.length, e.upcase.encode("UTF-8"), e.reverse.encode("UTF-8"), e[1], e.bytes
p e == "été", e.encode("UTF-8") == "été", e + "abc", (e + "é" rescue $!)
p e.hash == "été".encode("Windows-1252").hash, e.eql?("été".encode("Windows-1252"))
p "ab".encode("ISO-8859-1") == "ab", ("é".encode("ISO-8859-1") <=> "é".encode("Windows-1252"))
u = "héllo wörld".encode("UTF-16LE")
p u.length, u.bytesize, u[1], u[1].encoding, u.upcase, u.encode("UTF-8").upcase
p "abc".force_encoding("UTF-16LE").inspect, "a\0b\0".force_encoding("UTF-16LE")
p "a\0b\0".force_encoding("UTF-16LE").ascii_only?
p ("a\0b\0".force_encoding("UTF-16LE") + "x" rescue $!)
p "abc".force_encoding("UTF-32LE").length, "a".encode("UTF-32BE").inspect
p "€".encode("Windows-1252").ord, "\u00e9".encode("Windows-1252").valid_encoding?
b = "\x00a\x30\x42\xd8\x3d\xde\x00".b
%w[UTF-16 UTF-32 ISO-2022-JP UTF-7 IBM037 CESU-8 UTF8-MAC GB18030 CP949 Big5 EUC-KR].each do |n|
  t = b.dup.force_encoding(n)
  puts [n, t.length, t.valid_encoding?, t.ascii_only?, t.chars.map(&:bytesize).inspect, t.inspect].join(" ")
end
p "ÿß".encode("ISO-8859-1").upcase.encode("UTF-8"), "ÿß".encode("ISO-8859-1").capitalize.encode("UTF-8")
p "ÉTÉ".encode("ISO-8859-1").swapcase.encode("UTF-8"), "ÉTÉ".encode("Windows-1252").downcase.encode("UTF-8")
p "ÀΣ".encode("UTF-16LE").downcase.encode("UTF-8"), "ΑΣ ΑΣ".downcase
p "ａｂｃ".encode("Shift_JIS").upcase.encode("UTF-8"), "привет".encode("KOI8-R").upcase.encode("UTF-8")
p "ÉTÉ".encode("ISO-8859-1").downcase(:ascii).encode("UTF-8"), "Straße".encode("ISO-8859-15").upcase.encode("UTF-8")
p "a\xFFb".force_encoding("Shift_JIS").scrub, "a\xFF\xFFb".force_encoding("Shift_JIS").scrub("*")
p "a\x82".force_encoding("Shift_JIS").scrub, "\xFF\xFEa".force_encoding("UTF-16LE").scrub
p "ab\x00".force_encoding("UTF-16LE").scrub, "\xE9".force_encoding("ISO-8859-1").scrub
p "abc\xE9".force_encoding("US-ASCII").scrub
p "é".encode("ISO-8859-1").dump, "é".encode("UTF-16LE").dump
p "résumé".encode("ISO-8859-1").unpack("C*"), "%s" % "é".encode("ISO-8859-1")
p "é".encode("ISO-8859-1").inspect.encoding
p ["é".encode("ISO-8859-1"), "x"].join("-"), {"é".encode("ISO-8859-1") => 1}
x = "\xE9".force_encoding("ISO-8859-1")
p (x =~ /\xE9/n rescue $!), x.sub("\xE9".force_encoding("ISO-8859-1"), "e")
p "caf\xE9".force_encoding("ISO-8859-1") =~ /f/, "caf\xE9,x".force_encoding("ISO-8859-1").split(/,/)
p ("ab".encode("UTF-16LE") =~ /b/ rescue $!), ("é".encode("EUC-JP") =~ /é/ rescue $!)
a = "caf\xE9".force_encoding("ISO-8859-1")
d = Marshal.dump([a, a.dup, "x".encode("Shift_JIS"), "日本".encode("EUC-JP")])
p d
r = Marshal.load(d)
p r, r.map(&:encoding)
