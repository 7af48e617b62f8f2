# Comparable methods on core types and a minimal user class
p 1.between?(0, 2)
p "b".between?("a", "c")
p 5.clamp(1, 3)
p 5.clamp(1..3)
p 0.clamp(1..)
p "z".clamp("a", "m")
p 1.5.clamp(1, 2)
begin
  5.clamp(3, 1)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  5.clamp(1...3)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
class Weight
  include Comparable
  attr_reader :g
  def initialize(g) = @g = g
  def <=>(o) = o.is_a?(Weight) ? g <=> o.g : nil
  def inspect = "#{g}g"
end
a, b, c = Weight.new(1), Weight.new(2), Weight.new(1)
p a < b, a <= c, a == c, a > b, a >= b, a != b
p a.between?(a, b)
p b.clamp(a, a)
p a == 5
begin
  a < 5
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
class Weird
  include Comparable
  def <=>(o) = nil
end
p Weird.new == Weird.new
w = Weird.new
p w == w
class Raises
  include Comparable
  def <=>(o) = raise("cmp called")
end
r = Raises.new
p r == r
begin
  r == Raises.new
rescue => e
  puts "#{e.class}: #{e.message}"
end
