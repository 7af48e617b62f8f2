# Array#shift and #unshift on arrays too large to embed in their slot, mixed with every kind of
# edit after a shift (the elements shifted off must never reappear, and GC must keep the rest).
a = (1..200).to_a
p a.shift, a.shift(3), a.size, a.first, a.last
a.unshift(:x)
p a.first(3), a.size
a.insert(1, :y, :z)
p a[0, 4], a.size
p a.pop(2), a.size
a.push(*(1..50).map { |i| "s#{i}" })
p a.size, a[-1], a[0]
GC.start
p a.delete_at(5), a.size
a.concat([:end] * 3)
p a.shift(190).size, a
b = (1..100).to_a
100.times { |i| b.push(i * 2); b.shift }
p b.size, b.first, b.last, b.sum
c = Array.new(300) { |i| [i] }
250.times { c.shift }
GC.start
p c.size, c.first, c.last, c.map(&:first).sum
c.unshift(*(1..5).to_a)
p c.first(7), c.size
p c.sort_by { |x| -Array(x).first }.first(2)
c.reverse!
p c.first, c.last
c.clear
p c, c.shift, c.shift(2)
d = (1..1000).to_a
out = []
out << d.shift until d.empty?
p out.size, out.first, out.last, d, d.shift
e = (1..100).to_a.freeze
begin
  e.shift
rescue => ex
  p ex.class, ex.message
end
q = (1..64).to_a
3.times { q.shift }
p q.dup.shift, q.size, q == (4..64).to_a, q.hash == (4..64).to_a.hash
