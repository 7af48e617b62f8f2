# A multiple assignment of a plain list as a statement stores its values without an Array:
# every value is computed before any variable is set, a repeated target takes the last value,
# instance variables are defined in order, and the value is still the Array where it is used.
a, b = 1, 2
p [a, b]
a, b = b, a
p [a, b]
a, b, c = b, a + b, a * b
p [a, b, c]
x, x = 5, 6
p x
class Pt
  def initialize(x, y)
    @x, @y = x, y
    @y, @x = @x, @y
  end
  def swap!
    @x, @y = @y, @x
    self
  end
end
pt = Pt.new(3, 4)
p pt.instance_variables, pt.swap!.instance_variables
p pt.instance_variable_get(:@x), pt.instance_variable_get(:@y)
order = []
m, n = (order << :first; 1), (order << :second; 2)
p order, m, n
arr = [0, 0]
arr[0], k = 7, 8
p arr, k
def value_used
  q, r = 1, 2
end
p value_used
v = (s, t = 9, 10)
p v, s, t
def last_statement_value
  i, j = 3, 4
  [i, j]
end
p last_statement_value
1.times { a, e = 11, 12; p [a, e] }
p a
f, g = *[1, 2], 3
p [f, g]
h, i = [5, 6]
p [h, i]
j, (l, o) = 1, [2, 3]
p [j, l, o]
fr = Pt.new(1, 2).freeze
begin
  fr.swap!
rescue => e
  p e.class
end
p fr.instance_variable_get(:@x)
$g1, $g2 = :a, :b
p [$g1, $g2]
