# Block parameters: destructuring, defaults, splats, keywords, block-locals
[[1, 2], [3, 4]].each { |a, b| p [a, b] }
[[1, [2, 3]]].each { |a, (b, c)| p [a, b, c] }
[[1, 2, 3]].each { |a, *rest| p [a, rest] }
[[1, 2, 3]].each { |*all| p all }
[[1, 2]].each { |a| p a }
[[1, 2]].each { |a, | p a }
[1].each { |a, b = :dflt| p [a, b] }
[[1, 2, 3, 4]].each { |a, *m, z| p [a, m, z] }
{ x: 1, y: 2 }.each { |k, v| p [k, v] }
{ x: 1 }.each { |pair| p pair }
{ x: 1 }.map { |(k, v)| p [k, v] }
{ x: [1, 2] }.each { |k, (a, b)| p [k, a, b] }
[[1, 2]].each_with_index { |(a, b), i| p [a, b, i] }
pr = proc { |a, b| [a, b] }
p pr.call(1)
p pr.call(1, 2, 3)
p pr.call([4, 5])
l = lambda { |a, b = 2| [a, b] }
p l.call(1)
k = proc { |a, k: 1, **rest| [a, k, rest] }
p k.call(0)
p k.call(0, k: 5, z: 6)
v = 10
[1].each { |x; v| v = x }
p v
b = proc { |&inner| inner.call(3) }
p b.call { |z| z * 3 }
p [[1, 2], [3, 4]].map { |a, b| a * b }
p [[1, 2], [3, 4]].map { it.sum }
def yielder = yield([1, 2], 3)
yielder { |(a, b), c| p [a, b, c] }
yielder { |a, c| p [a, c] }
