# < <= > >= between a Float and an Integer: exact, also past 2**53 where a double cannot hold
# every Integer, with NaN unordered (false both ways) and signed zeros and infinities.
pairs = [[1.5, 2], [2, 1.5], [2.0, 2], [2, 2.0], [-0.0, 0], [0, -0.0], [Float::INFINITY, 2**62],
         [-Float::INFINITY, -(2**62)], [2.0**53, 2**53 + 1], [2**53 + 1, 2.0**53],
         [9007199254740993, 9007199254740992.0], [2.0**62, 2**62 - 1], [-(2**53) - 1, -(2.0**53)],
         [Float::NAN, 1], [1, Float::NAN], [1e-300, 0], [3, 3.0000000000000004]]
pairs.each do |a, b|
  p [a < b, a <= b, a > b, a >= b]
end
x = 0
x += 1 while x < 10.5
p x
class Integer
  def <(o) = :redefined
end
p 1 < 2.5
