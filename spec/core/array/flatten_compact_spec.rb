# flatten with depth, flatten!, compact, compact!
n = [1, [2, [3, [4, [5]]]]]
p n.flatten
p n.flatten(1)
p n.flatten(2)
p n.flatten(0)
p n.flatten(-1)
p [].flatten
p [[], [[]]].flatten
b = [1, [2]]
p b.flatten!
p b
p [1, 2].flatten!
p [1, nil, 2, nil].compact
p [nil].compact
c = [1, nil]
p c.compact!
p c.compact!
p [[1, nil], nil].compact
r = [1]
r << r
p r.flatten rescue puts "#{$!.class}: #{$!.message}"
