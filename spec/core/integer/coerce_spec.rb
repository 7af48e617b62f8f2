# Mixed Integer/Float arithmetic and comparisons
p 1 + 0.5
p 3 - 0.5
p 2 * 0.25
p 1 / 2.0
p 2**3.0
p 10 % 3.0
p 1 == 1.0
p 1 < 1.5
p 2 > 1.5
p 1 <=> 1.0
p 2 <=> 1.5
p (2**64) == (2.0**64)
p (2**64) + 1.0
p [1, 2.0, 3].sum
p [1, 2, 3].sum(0.0)
p 3.0.to_i + 1
p 10 / 4
p 10 / 4.0
p (10 / 4).class
p (10 / 4.0).class
class Meters
  attr_reader :v
  def initialize(v) = @v = v
  def coerce(num) = [Meters.new(num), self]
  def +(o) = Meters.new(v + (o.is_a?(Meters) ? o.v : o))
  def inspect = "#{v}m"
end
p Meters.new(2) + 3
p 3 + Meters.new(2)
begin
  3 + :sym
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
begin
  3 < "4"
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
