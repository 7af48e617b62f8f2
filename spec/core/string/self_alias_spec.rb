# A String used as its own argument (the receiver's bytes are both read and written), with
# embedded (short) and heap (long) receivers, and conversions that change the receiver.
def both(s) = [+s, +(s * 40)]

both("abc").each { |s| s << s; p s.size, s[0, 6] }
both("abc").each { |s| s.concat(s); p s.size, s[-6..] }
both("ab").each { |s| s.concat(s, s); p s.size, s[0, 6] }
both("ab").each { |s| s.concat(s, 33, s); p s.size, s[0, 7] }
both("abc").each { |s| s.replace(s); p s.size }
both("abc").each { |s| s.insert(0, s); p s.size, s[0, 4] }
both("abc").each { |s| s.insert(-1, s); p s.size }
both("abc").each { |s| s[0, 0] = s; p s.size }
both("abc").each { |s| s[1] = s; p s.size, s[0, 4] }
both("abc").each { |s| s[s] = s; p s.size }
both("abc").each { |s| s.prepend(s); p s.size }
both("abc").each { |s| s.prepend(s, s); p s.size }
both("abcabc").each { |s| s.sub!("b", s); p s.size }
both("abcabc").each { |s| s.gsub!("b", s); p s.size }
both("abc").each { |s| s.bytesplice(0, 1, s); p s.size }
both("abc").each { |s| p (s + s).size, (s * 2).size, s.center(s.size * 3, s).size }
both("a-b").each { |s| p s.split(s), s.partition(s).map(&:size), s.rpartition(s).map(&:size) }
both("abc").each { |s| p s.start_with?(s), s.end_with?(s), s.include?(s), s.index(s), s.rindex(s) }
both("abc").each { |s| p s.delete_prefix(s), s.delete_suffix(s), s.chomp(s), s.casecmp(s), s == s, s.eql?(s) }
both("abc").each { |s| s.chomp!(s); p s }
both("aXbX").each { |s| p s.delete(s), s.count(s), s.squeeze(s).size, s.tr(s, "x").size }
h = {}; both("key").each { |s| h[s] = s.size; s << "!" }; p h
l = "a" * 700; s = l.dup; s << s; p s.size, s == l * 2
s = +"abc"; s.freeze; t = s.dup; t << s; p t

# conversions that mutate the receiver before it is read
o = Object.new
s = +"abc\n"
o.define_singleton_method(:to_str) { s.replace("z" * 50 + "\n"); "\n" }
p s.chomp(o), s.size
s = +"abcb"
q = Object.new
q.define_singleton_method(:to_int) { s << ("q" * 1000); 0 }
p s.byteindex("b", q), s.size
s = +"abcb"
r = Object.new
r.define_singleton_method(:to_int) { s.replace(""); 0 }
p s.index("c", r), s.rindex("b", r), s.byterindex("b", r)
s = +"a,b,c"
n = Object.new
n.define_singleton_method(:to_int) { s.replace("x,y"); 2 }
p s.split(",", n)
s = +"abc"
m = Object.new
m.define_singleton_method(:to_str) { s.replace("q" * 100); "b" }
p s.include?(m), s.start_with?(m), s.end_with?(m), s.partition(m).map(&:size)
p (+"abc").each_byte.map { _1 }, (+"a\nb").each_line.to_a
s = +"abc"; r = []; s.each_byte { |b| r << b; s.replace("") }; p r
s = +"abc"; r = []; s.each_char { |c| r << c; s.replace("") }; p r
s = +"abcb"
shrink = Object.new
shrink.define_singleton_method(:to_str) { s.replace(""); "b" }
p s.byteindex(shrink, 3), s
s = +"abcb"
p s.byterindex(shrink, 3), s
s = +"abcb"
p s.index(shrink, 3), s
s = +"abcb"
p s.rindex(shrink, 3), s
