x = 40
x + 2
_ * 2
x -1
def double(n)
  n * 2
end
double(x)
class Point
  attr_reader :x, :y
  def initialize(x, y)
    @x, @y = x, y
  end
  def to_s = "(#{x}, #{y})"
  def inspect = "#<Point #{x},#{y}>"
end
pt = Point.new(1,
  2)
puts pt
"multi
line"
[1, 2, 3].map do |i|
  i * x
end
h = { a: 1, "b" => [1, 2.5, nil] }
h.keys
raise ArgumentError, "bad"
def fails = [].fetch(3)
fails
double(_ = 5)
_
exit
puts "never"
