# numerator and denominator (the lcm of the parts' denominators)
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(1, 2).numerator }
t { Complex(1, 2).denominator }
t { Complex(Rational(1, 2), Rational(1, 3)).numerator }
t { Complex(Rational(1, 2), Rational(1, 3)).denominator }
t { Complex(Rational(3, 4), 2).numerator }
t { Complex(Rational(3, 4), 2).denominator }
t { Complex(0.5, Rational(1, 3)).numerator }
t { Complex(0.5, Rational(1, 3)).denominator }
t { Complex(0.75, 0.5).numerator }
t { Complex(0.75, 0.5).denominator }
t { Complex(Float::NAN, 1).denominator }
t { Complex(Float::NAN, Rational(1, 2)).numerator }
t { Complex(Float::INFINITY, 1).numerator }
t { [0.5.numerator, 0.5.denominator, 0.75.numerator, 0.75.denominator, -1.5.numerator] }
t { [Float::NAN.numerator, Float::INFINITY.denominator, 0.0.numerator, 0.0.denominator] }
