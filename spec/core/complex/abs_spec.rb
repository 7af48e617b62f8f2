# abs / magnitude / abs2 on Complex, and abs2 on the reals
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(3, 4).abs }
t { Complex(3.0, 4).abs }
t { Complex(-3, 4).magnitude }
t { Complex(0, -4).abs }
t { Complex(0.0, -4).abs }
t { Complex(0, -4.0).abs }
t { Complex(-3, 0).abs }
t { Complex(-3, 0.0).abs }
t { Complex(Rational(-3, 2), 0).abs }
t { Complex(0, Rational(-3, 2)).abs }
t { Complex(0, 0).abs }
t { Complex(-0.0, 0).abs }
t { Complex(Float::NAN, 1).abs }
t { Complex(Float::NAN, Float::INFINITY).abs }
t { Complex(-Float::INFINITY, 1).abs }
t { Complex(2**70, 1).abs }
t { Complex(1, 1).abs }
t { Complex(3, 4).abs2 }
t { Complex(3.0, 4).abs2 }
t { Complex(Rational(3), 4).abs2 }
t { Complex(Rational(1, 2), Rational(1, 3)).abs2 }
t { Complex(0, 0).abs2 }
t { Complex(-0.0, 0).abs2 }
t { Complex(Float::NAN, 0).abs2 }
t { 3.abs2 }
t { -2.5.abs2 }
t { Rational(-1, 2).abs2 }
t { (2**40).abs2 }
