# real, imaginary / imag, real?, finite?, infinite? on Complex and the reals
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(1, 2).real }
t { Complex(1, 2).imaginary }
t { Complex(1.5, Rational(1, 2)).imag }
t { Complex(1).imag }
t { Complex(1, 2).real? }
t { Complex(1, 0).real? }
t { [3.real?, 3.5.real?, Rational(1, 2).real?, (2**70).real?] }
t { [3.real, 3.imag, 3.5.imaginary, Rational(1, 2).imag, -0.0.real] }
t { Complex(1, 2).finite? }
t { Complex(1.0, 2.0).finite? }
t { Complex(1, Float::INFINITY).finite? }
t { Complex(-Float::INFINITY, 0).finite? }
t { Complex(1, Float::NAN).finite? }
t { Complex(Float::NAN, Float::NAN).finite? }
t { Complex(1, 2).infinite? }
t { Complex(1, Float::INFINITY).infinite? }
t { Complex(-Float::INFINITY, 1).infinite? }
t { Complex(1, -Float::INFINITY).infinite? }
t { Complex(Float::NAN, 1).infinite? }
t { Complex(Rational(1, 2), 2**70).infinite? }
