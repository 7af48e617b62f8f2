# / and quo (exact for Integer and Rational parts), fdiv
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(1, 2) / Complex(3, 4) }
t { Complex(1, 2).quo(Complex(3, 4)) }
t { Complex(6, 4) / Complex(3, 2) }
t { Complex(6, 4) / Complex(2, 0) }
t { Complex(1, 2) / Complex(1, 1) }
t { Complex(1, 2) / Complex(3.0, 4) }
t { Complex(1.0, 2) / Complex(3, 4) }
t { Complex(2**64, 2**64) / Complex(2**32, 0) }
t { Complex(1, 2) / 2 }
t { Complex(4, 2) / 2 }
t { Complex(1, 2) / 1.5 }
t { Complex(1, 2) / Rational(1, 2) }
t { Complex(1, 2).quo(2) }
t { Complex(1.0, 2) / 2 }
t { 1 / Complex(1, 2) }
t { 1.0 / Complex(1, 2) }
t { Rational(1, 2) / Complex(1, 2) }
t { 1.quo(Complex(1, 2)) }
# division by zero
t { Complex(1, 2) / 0 }
t { Complex(1.0, 2) / 0 }
t { Complex(1.0, 2.0) / 0 }
t { Complex(1, 2) / 0.0 }
t { Complex(1, 2) / Rational(0) }
t { Complex(1, 2) / Complex(0, 0) }
t { Complex(1.0, 2) / Complex(0, 0) }
t { Complex(1.0, 2.0) / Complex(0.0, 0) }
t { Complex(1, 2) / Complex(0.0, 0) }
t { Complex(0, 0) / Complex(0.0, 0.0) }
t { Complex(1, 2) / Complex(Float::INFINITY, 1) }
t { Complex(1, 2) / "a" }
t { Complex(1, 2).quo(nil) }
# fdiv
t { Complex(1, 2).fdiv(2) }
t { Complex(1, 2).fdiv(Complex(3, 4)) }
t { Complex(1, 2).fdiv(Rational(1, 3)) }
t { Complex(1, 2).fdiv(0) }
t { Complex(1, 2).fdiv(0.0) }
t { Complex(-1, 0).fdiv(0) }
t { Complex(Rational(1, 3), 2).fdiv(3) }
t { Complex(1, 2).fdiv("a") }
t { 1.fdiv(Complex(1, 2)) }
t { Rational(1, 3).fdiv(3) }
t { Rational(1, 3).fdiv(0) }
t { Rational(-1, 3).fdiv(0.0) }
t { Rational(1, 3).fdiv(Rational(2, 3)) }
