# to_i, to_f, to_r, rationalize: RangeError unless the imaginary part is an exact zero
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(1, 0).to_i }
t { Complex(1.5, 0).to_i }
t { Complex(Rational(7, 2), 0).to_i }
t { Complex(1, 2).to_i }
t { Complex(1, 0.0).to_i }
t { Complex(1.5, 2.5).to_i }
t { Complex(Float::NAN, 0).to_i }
t { Complex(1, 0).to_f }
t { Complex(Rational(1, 4), 0).to_f }
t { Complex(1, 0.0).to_f }
t { Complex(1, 2).to_f }
t { Complex(1, Rational(0)).to_f }
t { Complex(1, 0).to_r }
t { Complex(1.5, 0).to_r }
t { Complex(1, 0.0).to_r }
t { Complex(1, -0.0).to_r }
t { Complex(1, 2).to_r }
t { Complex(Float::NAN, 0).to_r }
t { Complex(1, 0).rationalize }
t { Complex(1.5, 0).rationalize }
t { Complex(0.3, 0).rationalize(Rational(1, 10)) }
t { Complex(Rational(1, 3), 0).rationalize }
t { Complex(Rational(1, 3), 0).rationalize(Rational(1, 10)) }
t { Complex(1, 0.0).rationalize }
t { Complex(1, 2).rationalize }
t { Complex(1, 2).rationalize(0.1) }
t { Complex(1, 0).rationalize(1, 2) }
t { Rational(1, 3).rationalize }
t { Rational(1, 3).rationalize(Rational(1, 100)) }
t { Rational(-1, 3).rationalize(Rational(1, 10)) }
t { Rational(3, 10).rationalize(2) }
t { Rational(1, 3).rationalize(0) }
t { Rational(1, 3).rationalize("a") }
