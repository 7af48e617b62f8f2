def try
  r = yield
  p r
rescue => e
  puts "#{e.class}: #{e.message}"
end
f = "frozen".freeze
%i[upcase! downcase! capitalize! swapcase! strip! lstrip! rstrip! chomp! chop! squeeze! reverse! succ! clear].each do |m|
  try { f.send(m) }
end
try { f << "x" }
try { f[0] = "x" }
try { f.insert(0, "x") }
try { f.replace("x") }
try { f.prepend("x") }
try { f.setbyte(0, 1) }
try { f.sub!("f", "g") }
try { f.tr!("f", "g") }
try { f.slice!(0) }
try { f.force_encoding("BINARY") }
try { f.concat("x") }
try { f.delete_prefix!("f") }
try { "abc" + 1 }
try { "abc" << nil }
try { "abc".index(1) }
try { "abc".include?(nil) }
try { "abc".start_with?(1) }
try { "abc"[nil] }
try { "abc".split(1) }
try { "abc".center("x") }
try { "abc".center(10, "") }
try { "abc" * -1 }
try { "abc".count }
try { "abc".tr(1, "x") }
try { "abc".insert("x", "y") }
try { "abc".byteslice("x") }
try { "abc".delete_prefix(1) }
try { "abc".partition(nil) }
try { "abc".casecmp?(1) }
try { "abc".sub(1, "x") }
s = "日本語テキスト"
try { [s[0], s[-1], s[2, 10], s[7], s[8], s[-8], s[1..-2], s.byteslice(1, 2), s.byteslice(-3, 3)] }
try { [s.index("語"), s.rindex("テ"), s.byteindex("語"), s.size, s.bytesize, s.reverse, s.center(11, "*")] }
try { [s.chars.first(2), s.split(""), s.each_char.to_a.size, s.upcase, s.succ, s.chop, s.chr] }
e = ""
try { [e[0], e[0, 1], e[1, 1], e[-1], e.split(","), e.lines, e.strip, e.chop, e.chomp, e.succ, e.upcase, e.sum, e.reverse, e.partition("x")] }
try { [e * 3, e.center(3), e.bytes, e.chars, e.index(""), e.count("a"), e.tr("a", "b"), e.squeeze, e.byteslice(0, 0), e.unpack("C*")] }
b = "\xff\xfe abc".b
try { [b.size, b[0], b.upcase, b.reverse, b.inspect, b.valid_encoding?, b.split(" "), b.index("a"), b.bytes.first(3)] }
try { [b + "x", (b + "x").encoding, b.encoding, b.force_encoding("UTF-8").valid_encoding?] }
t = "hello"
try { [t[10], t[-10], t[5], t[5, 2], t[6, 2], t[-5, 2], t[2, -1], t[10..], t[5..], t[-10..2], t[1...-1]] }
try { [t.byteslice(10), t.byteslice(-10, 2), t.byteslice(5, 1), t.slice(3..100)] }
