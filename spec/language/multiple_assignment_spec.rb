# Multiple assignment: swap, splat, nested, attribute/index targets
a, b = 1, 2
p [a, b]
a, b = b, a
p [a, b]
a, b, c = [1, 2]
p [a, b, c]
a, b = 1, 2, 3
p [a, b]
a, *b = 1, 2, 3
p [a, b]
*a, b = 1, 2, 3
p [a, b]
a, *b, c = 1, 2, 3, 4, 5
p [a, b, c]
a, *b, c = 1, 2
p [a, b, c]
a, (b, c), d = 1, [2, 3], 4
p [a, b, c, d]
a, (b, *c), d = 1, [2, 3, 4], 5
p [a, b, c, d]
a, b = [10, 20]
p [a, b]
a, = [7, 8]
p a
a = *nil
p a
a = *1
p a
a = 1, 2
p a
*a = nil
p a
h = {}
h[:x], h[:y] = 1, 2
p h
arr = [0, 0, 0]
arr[0], arr[2] = :a, :b
p arr
class Pt
  attr_accessor :x, :y
end
pt = Pt.new
pt.x, pt.y = 3, 4
p [pt.x, pt.y]
r = (m, n = 5, 6)
p r
p [m, n]
def multi = [1, [2, 3]]
q, (w, e) = multi
p [q, w, e]
first, second = "not an array"
p [first, second]
@i, $g = 1, 2
p [@i, $g]
