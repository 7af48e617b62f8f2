class Point
  attr_reader :x, :y
  def initialize(x, y)
    @x = x
    @y = y
  end

  def +(other)
    Point.new(@x + other.x, @y + other.y)
  end
end
acc = Point.new(0, 0)
500_000.times { |i| acc = acc + Point.new(i, 1) }
puts acc.x, acc.y
