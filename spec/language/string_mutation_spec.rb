# String literals are mutable (chilled) unless frozen; <<, +, * and freezing
s = "abc"
t = s
s << "def"
p s
p t
p s.frozen?
u = s + "!"
p u
p s
p s.equal?(t)
v = "ab" * 3
p v
f = "frozen".freeze
p f.frozen?
begin
  f << "x"
rescue FrozenError => e
  puts "FrozenError: #{e.message}"
end
d = f.dup
d << " thawed"
p d
p (+f).frozen?
p (-"lit").frozen?
sym_s = :sym.to_s
sym_s << "!"
p sym_s
p 1.to_s.frozen?
p nil.to_s.frozen?
a = "x"
b = "x"
p a == b
p a.equal?(b)
words = []
3.times { |i| words << "w#{i}" }
p words
buf = +""
buf << "a" << "b" << "c"
p buf
p buf.length
