r = Rational(3, 6)
p r, r.numerator, r.denominator, r.to_s
p Rational(1, -3), Rational(4), Rational(0, 5)
p r + 1, 1 + r, r - Rational(1, 3), r * 4, 4 * r, r / 3, 3 / r, r ** 2, r ** -2, 2 ** -3
p r + 0.5, 0.5 + r, r == 0.5, r == Rational(1, 2), 1 == Rational(1), Rational(2) == 2
p r < 1, 1 > r, r <=> Rational(2, 3), [Rational(2, 3), r, Rational(-1, 7)].sort, [r, 1, 0.25].max
p 1.quo(3), 6.quo(3), 7.quo(2.0), 5.to_r
p Rational(7, 2).floor, Rational(7, 2).ceil, Rational(7, 2).round, Rational(-7, 2).round, Rational(-7, 2).truncate, Rational(-7, 2).floor
p Rational(1, 3).to_f, Rational(-5, 3).abs, -r, r.zero?, r.positive?, r.negative?
h = { Rational(1, 2) => :half }
p h[Rational(2, 4)], Rational(1, 2).eql?(Rational(1, 2)), Rational(1, 2).eql?(0.5), r.hash == Rational(1, 2).hash
p r.is_a?(Numeric), r.is_a?(Comparable), Rational.ancestors.take(3), r.frozen?
p [Rational(1, 2), Rational(1, 3)].sum, (1..3).sum { |i| Rational(1, i) }
begin
  Rational(1, 0)
rescue ZeroDivisionError => e
  p e
end
begin
  r / 0
rescue ZeroDivisionError => e
  p e
end
begin
  Rational(nil)
rescue TypeError => e
  p e
end
begin
  r + "x"
rescue TypeError => e
  p e
end
p 0 ** -1 rescue p $!
puts "#{r} and #{Rational(5, 1)}"
p r.class, r.to_i, (r * 10).to_i
