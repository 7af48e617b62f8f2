# A program mixing Integer and Float arithmetic and printing, big integers, and an uncaught error from nested blocks
p 7.0 / 2, 7 / 2.0, 7.fdiv(2), 2**0.5, 10.0.round, 3.7.floor, 3.2.ceil, -3.7.truncate, 1234.5678.round(2), 1234.5678.round(-2)
p 1_000_000.digits.size, 255.to_s(16), 3.14.to_i, 1e3.to_i, 0.1 + 0.2, (0.1 + 0.2).round(15), 100.0 / 3
p [0.1, 0.2, 0.3].sum, [1, 2, 3].sum / 3.0, 10.gcd(4), 10.lcm(4), -5.abs, 5.between?(1, 10), 5.clamp(1, 3)
p Integer.sqrt(17), Math.sqrt(16), Math::PI.round(5), Math.hypot(3, 4), 2.0.infinite?, (1/0.0).infinite?
p 1.0.to_s, 1.5e10.to_s, 1.0e20.to_s, 123456789.123456789, -0.0, 5.0e-8
p 10.times.map { _1 * _1 }.select(&:even?).sum
p (1..4).reduce(:*), (1..4).inject { |a, b| a * b }, (1...10).step(3).to_a
big = 2**64
p big, big.class, big + 1, big * big, big / 3, big % 7, -big, big.to_s.size
p 12.0.to_s, 1e100.to_s, 3.0 * 1.1
def deep(n) = n.zero? ? raise(RuntimeError, "bottom") : [1].map { deep(n - 1) }
deep(2)
