# `recv[i] op= v` and `recv.x op= v` as statements (their value unused) and as values: the
# receiver and index are evaluated once, `[]`/`[]=` and the reader/writer run in CRuby's
# order, `||=` and `&&=` skip the writer when they keep the current value.
log = []
o = Object.new
o.define_singleton_method(:[]) { |*a| log << [:get, a]; 10 }
o.define_singleton_method(:[]=) { |*a| log << [:set, a] }
o[1, 2] += 3
o[] += 1
o[:k] ||= 5
o[:k] &&= 6
p log
a = [1, 2, nil]
a[0] += 5
a[1] -= 1
a[2] ||= 9
a[5] ||= 7
a[0] &&= nil
p a
h = Hash.new(0)
"hello world".each_char { |ch| h[ch] += 1 }
p h
counts = Hash.new { |hh, k| hh[k] = [] }
%w[apple avocado banana].each { |w| counts[w[0]] <<= 1 rescue counts[w[0]] += [w] }
p counts
S = Struct.new(:x, :y)
s = S.new(1, nil)
s.x += 2
s.y ||= 4
s.y ||= 5
s.x &&= s.x * 10
p s
calls = []
rcv = Object.new
rcv.define_singleton_method(:n) { calls << :n; @n }
rcv.define_singleton_method(:n=) { |v| calls << [:n=, v]; @n = v }
rcv.n ||= 1
rcv.n ||= 2
rcv.n += 3
p calls
idx = 0
b = [10, 20]
b[idx += 1] += 1
p b, idx
def inc(m)
  m[:a] += 1
end
m = { a: 1 }
p inc(m), m
x = (a[1] += 100)
p x, a
y = (s.x += 1)
p y
z = [nil]
p(z[0] ||= :set, z)
begin
  nil.foo += 1
rescue NoMethodError => e
  p e.message
end
f = [1].freeze
begin
  f[0] += 1
rescue => e
  p e.class
end
