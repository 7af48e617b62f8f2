# each, each_index, map!, collect!, reverse_each, each returns self, modification during each
a = [1, 2, 3]
r = a.each { print _1 }
puts
p r.equal?(a)
a.each_index { print _1 }
puts
p a.map! { _1 * 2 }
p a
p a.collect! { _1 + 1 }
r = a.reverse_each { print _1, " " }
puts
p r
b = [1, 2, 3]
b.each { |x| b << x * 10 if b.size < 6 }
p b
c = [1, 2, 3, 4]
c.each { |x| c.delete(x) if x.even? }
p c
p [1, 2].each_with_index.map { |x, i| x + i }
p [[1, 2], [3, 4]].each { |a, b| print a + b, " " }
puts
