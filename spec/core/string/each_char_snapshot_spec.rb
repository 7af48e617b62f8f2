# each_char, each_line and each_grapheme_cluster yield the string as it was when they started
# (CRuby walks a frozen snapshot); the pieces keep the string's encoding.
p "é".b.chars.map(&:encoding)
p "é".b.each_char.map(&:encoding)
s = +"abc"
r = []
s.each_char { |c| r << c; s << "x" if r.size < 3 }
p r, s
s = +"héllo"
s.each_char { |c| s.clear if c == "l"; r << c }
p r
p "ab".each_char.to_a, "日本".each_char.map(&:bytesize), "a\xffb".each_char.to_a

s = "🇯🇵🇺🇸e\u0301x\r\n👨‍👩‍👧 a"
p s.grapheme_clusters
r = []; s.each_grapheme_cluster { |g| r << g }; p r
p "ab\xffc".each_grapheme_cluster.to_a
p "ab\xffc".b.each_grapheme_cluster.to_a.map(&:encoding)
t = +"abc"; t.each_grapheme_cluster { |g| t << "z" if t.size < 5 }; p t

p "a\n\nb\n\n\nc".each_line("").to_a, "a\n\nb\n\n\nc".each_line("", chomp: true).to_a
x = +"l1\nl2\nl3"; y = []; x.each_line { |l| y << l; x.clear }; p y, x
p "a--b--c".each_line("--", chomp: true).to_a, "abc".each_line(nil).to_a
p "a\r\nb".each_line(chomp: true).to_a, "".each_line.to_a
sep = +"-"; p "a-b-c".each_line(sep) { |l| sep << "x" }.then { "done" }
