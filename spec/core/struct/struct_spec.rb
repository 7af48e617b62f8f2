# Struct: members, accessors, ==, to_a, to_h, each, inspect/to_s, methods block, errors
Point = Struct.new(:x, :y) do
  def dist2 = x * x + y * y
  def to_s = "(#{x}, #{y})"
end
pt = Point.new(3, 4)
p pt.x, pt.y, pt[0], pt[:y], pt["x"], pt[-1]
p pt.dist2
puts pt
p pt
p pt.inspect
p pt.to_a
p pt.deconstruct
p pt.to_h
p pt.to_h { |k, v| [k.to_s, v * 10] }
p pt.members
p Point.members
p pt.size
p pt.values
p pt == Point.new(3, 4)
p pt.eql?(Point.new(3, 4))
p pt == Point.new(3, 5)
pt.x = 30
pt[:y] = 40
p pt
pt.each { print _1, " " }
puts
pt.each_pair { |k, v| print k, "=", v, " " }
puts
p Point.new(1)
p Point.new
begin
  Point.new(1, 2, 3)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  pt[:z]
rescue NameError => e
  puts "#{e.class}: #{e.message}"
end
begin
  pt[5]
rescue IndexError => e
  puts "IndexError: #{e.message}"
end
p Point.superclass
p Point.ancestors.include?(Enumerable)
p pt.select(&:even?)
p pt.sum
a, b = *pt
p [a, b]
h = { pt => :point }
p h[Point.new(30, 40)]
Anon = Struct.new(:a)
p Anon.new(1)
s3 = Struct.new(:q).new(9)
p s3.q
p s3.to_a
