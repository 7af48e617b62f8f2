require "set"
s = Set[3, 1, 2]
p s, s.to_s, Set.new, Set.new([1, [2]]), s.size, s.include?(2), s === 2
t = Set.new([1, 5])
p s | t, s & t, s - t, s ^ t, s + t, s.subset?(Set[1,2,3,4]), s <= s, s.superset?(t), s.disjoint?(t), s.intersect?(t)
p s.map { _1 * 2 }, s.to_a, s.sort, s.min, s.sum, s == Set[1, 2, 3], s.add(4), s.add?(4), s << 5, s.delete(5), s.length, s.empty?
p [1, 1, 2].to_set, s.select(&:even?), s.group_by(&:odd?), s.frozen?, s.hash == Set[1,2,3,4].hash, {s => 1}[Set[4, 3, 2, 1]]
p s.each { }, Set.new([1,2]) { _1 * 10 }, s.first, s.dup << 9, s, s.delete_if(&:even?), s.partition(&:odd?), s.inspect
