# A program mixing a user Enumerable class, Hash defaults, Struct, format and lazy enumeration
class Stack
  include Enumerable
  def initialize(*items) = @items = items
  def push(x) = tap { @items.push(x) }
  def pop = @items.pop
  def each(&) = @items.each(&)
  def to_s = "Stack(#{@items.join(', ')})"
end
s = Stack.new(3, 1, 2)
s.push(5).push(4)
puts s
p s.sort, s.map { _1 * 2 }, s.select(&:even?), s.min_by { -it }
p s.each_slice(2).to_a, s.inject(:+), s.sum { |x| x * 10 }
h = Hash.new { |hash, k| hash[k] = k.to_s * 2 }
p h[:ab], h
words = %w[apple banana cherry apple banana apple]
p words.tally.sort_by { |w, c| [-c, w] }.first(2)
p words.group_by(&:size).transform_values(&:count)
Point = Struct.new(:x, :y) do
  def dist = Math.sqrt(x**2 + y**2)
end
pt = Point.new(3, 4)
p pt, pt.dist, pt.to_a, pt == Point.new(3, 4)
printf("%05.2f|%-6s|%+d\n", 3.14159, "ab", 5)
puts format("%08b %x %o %e", 10, 255, 8, 12345.678)
def fact(n) = n <= 1 ? 1 : n * fact(n - 1)
p fact(25)
x = [1, [2, [3, [4]]]].flatten
p x, x.each_cons(2).map { |a, b| b - a }
begin
  Integer("zz")
rescue ArgumentError => e
  puts "err: #{e.message}"
end
p (1..Float::INFINITY).lazy.map { _1 * 2 }.select { _1 % 3 == 0 }.first(3)
case [1, "x"]
when Array then puts "array of #{[1, "x"].size}"
end
catch(:done) do
  10.times { |i| throw :done if i == 3; print i }
end
puts
p 10.divmod(3), -7 / 2, -7 % 3, 2**70, 1.0 / 3, 10.0.to_s, 1e-7
str = +"hello"
str << " world"
p str, str.length, str.upcase, str.split, str[0, 5], str[-5..]
