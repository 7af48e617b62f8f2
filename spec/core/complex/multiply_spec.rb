# * with every kind of operand, including Infinity and NaN parts
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(1, 2) * Complex(3, 4) }
t { Complex(1, 2) * Complex(1, 2) }
t { Complex(1, 2) * Complex(0, 1) }
t { Complex(1.5, 2) * Complex(3, -4) }
t { Complex(1, 2) * 2 }
t { Complex(1, 2) * 1.5 }
t { Complex(1, 2) * Rational(1, 2) }
t { Complex(1, 2) * 0 }
t { Complex(1, 2) * 0.0 }
t { Complex(1, 2) * 2**70 }
t { 2 * Complex(1, 2) }
t { 1.5 * Complex(1, 2) }
t { Rational(1, 2) * Complex(1, 2) }
t { Complex::I * Complex::I }
t { Complex(1, 2) * Float::INFINITY }
t { Complex(0, 1) * Float::INFINITY }
t { Complex(0, 1) * Complex(Float::INFINITY, 0) }
t { Complex(0.0, 1) * Complex(Float::INFINITY, 0) }
t { Complex(Float::INFINITY, 0) * Complex(0, 1) }
t { Complex(Float::INFINITY, Float::INFINITY) * Complex(1, 0) }
t { Complex(1, Float::NAN) * Complex(0, 1) }
t { Complex(3, 4) * Complex(Float::NAN, 0) }
t { Complex(-0.0, 0) * Complex(1, 0) }
t { Complex(-0.0, -0.0) * 1 }
t { Complex(-0.0, -0.0) * -1 }
t { Complex(1, 2) * "a" }
t { Complex(1, 2) * nil }
