# Complex.polar and #polar, Numeric#polar
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex.polar(1) }
t { Complex.polar(1.0) }
t { Complex.polar(1, 0) }
t { Complex.polar(2, 0.0) }
t { Complex.polar(2, -0.0) }
t { Complex.polar(0, 2) }
t { Complex.polar(0.0, 1) }
t { Complex.polar(0, Float::NAN) }
t { Complex.polar(2, Math::PI) }
t { Complex.polar(2.0, Math::PI) }
t { Complex.polar(2, Math::PI / 2) }
t { Complex.polar(Rational(2), Math::PI / 2) }
t { Complex.polar(2, 1) }
t { Complex.polar(2.0, 1) }
t { Complex.polar(Rational(2), 1) }
t { Complex.polar(2, Rational(1)) }
t { Complex.polar(Complex(1, 0), 1) }
t { Complex.polar(Complex(1, 0.0), 1) }
t { Complex.polar(Float::NAN, 0) }
t { Complex.polar(1, Float::NAN) }
t { Complex.polar(Float::INFINITY, 0.5) }
t { Complex.polar(Complex(1, 1), 1) }
t { Complex.polar(:a) }
t { Complex.polar(1, "a") }
t { Complex.polar(1, nil) }
t { Complex.polar(1, 2, 3) }
t { Complex(3, 4).polar }
t { Complex(0, 0).polar }
t { Complex(-1, 0).polar }
t { Complex(-1, -0.0).polar }
t { Complex(1, 2).polar }
t { Complex(Rational(-3), 0).polar }
t { 2.polar }
t { -2.polar }
t { -2.5.polar }
t { 0.0.polar }
t { -0.0.polar }
t { Rational(-1, 2).polar }
t { Float::NAN.polar }
