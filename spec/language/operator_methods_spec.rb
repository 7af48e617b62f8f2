# User-defined operator methods
class Vec
  attr_reader :x, :y
  def initialize(x, y)
    @x = x
    @y = y
  end
  def +(o) = Vec.new(x + o.x, y + o.y)
  def -(o) = Vec.new(x - o.x, y - o.y)
  def *(k) = Vec.new(x * k, y * k)
  def -@ = Vec.new(-x, -y)
  def +@ = self
  def ~ = Vec.new(y, x)
  def ! = x.zero? && y.zero?
  def ==(o) = o.is_a?(Vec) && x == o.x && y == o.y
  def <=>(o) = (x * x + y * y) <=> (o.x * o.x + o.y * o.y)
  def [](i) = i.zero? ? x : y
  def <<(v) = Vec.new(x + v, y + v)
  def %(m) = Vec.new(x % m, y % m)
  def **(n) = Vec.new(x**n, y**n)
  def to_s = "(#{x}, #{y})"
  def inspect = "#<Vec #{x},#{y}>"
  def coerce(n) = [Vec.new(n, n), self]
end
a = Vec.new(1, 2)
b = Vec.new(3, 4)
puts a + b
puts a - b
puts a * 3
puts(-a)
puts(+a)
puts(~a)
p !a
p !Vec.new(0, 0)
p a == Vec.new(1, 2)
p a != b
p a == 5
p a <=> b
p a[0], a[1]
puts a << 10
puts b % 3
puts a ** 2
c = a
c += b
puts c
c -= a
puts c
p [b, a].sort
p [a, b].max
class Cmp
  def ===(o) = o == :magic
  def =~(o) = :matched
end
p Cmp.new === :magic
p Cmp.new =~ 1
p (case :magic when Cmp.new then :yes else :no end)
