# conjugate / conj, -@ and +@
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(1, 2).conjugate }
t { Complex(1, -2).conj }
t { Complex(1, 0).conj }
t { Complex(1, 0.0).conj }
t { Complex(1, -0.0).conj }
t { Complex(1.5, Rational(1, 2)).conj }
t { Complex(1, Float::NAN).conj }
t { Complex(1, Float::INFINITY).conj }
t { -Complex(1, 2) }
t { -Complex(0, 0) }
t { -Complex(0.0, 0) }
t { -Complex(-0.0, Rational(1, 3)) }
t { +Complex(1, 2) }
t { 3.conj }
t { -2.5.conjugate }
t { Rational(1, 2).conj }
