# Time#<=>, ==, eql?, hash, Comparable, Time.now's class and zone relations, dup/clone.
a = Time.utc(2000)
b = Time.new(2000, 1, 1, 9, 0, 0, "+09:00")
c = Time.at(a.to_i, 1, :nsec).utc
p a <=> b, a <=> c, c <=> a, a == b, a.eql?(b), a.equal?(b), a.hash == b.hash, a == c
p a <=> 1, a == 1, a.eql?(1), a < c, c.between?(a, c), [c, b, a].sort == [a, b, c], [c, a].max.equal?(c)
p({ a => 1 }[b], [a, b, c].uniq.size)
p a.clamp(c, c).equal?(c)
begin
  a < 1
rescue ArgumentError => e
  puts e.message
end
n = Time.now
p n.class, n.utc?, n.zone, n.utc_offset, Time.now >= n, Time.now(in: "+09:00").utc_offset
p Time.new.class, Time.now.year >= 2024
d = b.dup
p d, d.zone, d.utc_offset, d == b, d.frozen?
f = b.clone(freeze: true)
p f.frozen?, f, b.frozen?
class MyTime < Time; end
p MyTime.now.class, MyTime.at(0).class, MyTime.utc(2000).class, MyTime.at(0).utc.class, (MyTime.at(0) + 1).class
p Time.ancestors.include?(Comparable), Time.utc(2000).is_a?(Comparable)
