# Complex.rect / Complex.rectangular, #rect / #rectangular, Numeric#rect
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex.rect(1, 2) }
t { Complex.rect(1) }
t { Complex.rect(1.5, -0.0) }
t { Complex.rectangular(Rational(1, 3), 2**65) }
t { Complex.rect(Complex(1, 0), 2) }
t { Complex.rect(Complex(1, 0.0)) }
t { Complex.rect(1, Complex(2, 0.0)) }
t { Complex.rect(Complex(1, 1), 2) }
t { Complex.rect(1, Complex(2, 1)) }
t { Complex.rect("1") }
t { Complex.rect(nil) }
t { Complex.rect(1, nil) }
t { Complex.rect(:a, 1) }
t { Complex.rect(1, 2, 3) }
t { Complex.rect }
t { Complex(1, 2).rect }
t { Complex(1.5, -2).rectangular }
t { Complex(1, 2).rect.frozen? }
t { 3.rect }
t { -2.5.rectangular }
t { Rational(1, 2).rect }
t { (2**70).rect }
