# Grammar forms from Prism's fixtures that ordinary code uses: blocks after `m (arg)` and
# `a[i]`, parenthesised and scoped multiple assignment targets, block-local parameters in
# lambdas, keyword arguments in [], a label at a line end, calls
# chained after a do block, a do block inside return's command, modifier locals.
def m(x) = yield(x)
m (3) { |v| p v }
class Box
  def initialize = @h = {}
  def [](k) = yield(k)
  attr_accessor :B
end
p(Box.new[:k] { |k| [k, k] })
(a, b) = 1, 2
p [a, b]
((c, d)) = [3, 4]
p [c, d]
::C1, ::C2 = 5, 6
p [C1, C2]
bx = Box.new
bx&.B = 7
p bx.B
nb = nil
nb&.B = 8
p nb
l = ->(x; y) { y = x * 2; [x, y] }
p l.(4)
y = :outer
[1].each { |q,; y| y = q }
p y
class Box
  def m1 = :m1
  alias m2 m1
end
p Box.new.m2
p Hash[a: 1, b: 2]
def kw(k: 0) = k
k = 9
p kw k:
def each_twice(x) = [x, x]
r = [1, 2].map do |v| v * 10 end.sum
p r
def chain(a) = yield(a)
s = chain 1 do |v| v + 1 end.to_s
p s
def ret = (return each_twice 5 do end)
p ret
z = 1 if z
p z
rng = 1..; p rng
p((1 in Integer))
