# arg / angle / phase on Complex and on the reals
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(3, 4).arg }
t { Complex(1, 1).angle }
t { Complex(-1, 0).phase }
t { Complex(-1, -0.0).arg }
t { Complex(-1, 0.0).arg }
t { Complex(0, 0).arg }
t { Complex(0.0, 0.0).arg }
t { Complex(-0.0, 0).arg }
t { Complex(-0.0, -0.0).arg }
t { Complex(0.0, -0.0).arg }
t { Complex(0, 1).arg }
t { Complex(0, -1).arg }
t { Complex(Float::NAN, 1).arg }
t { Complex(Float::INFINITY, Float::INFINITY).arg }
t { Complex(Rational(1, 2), Rational(1, 2)).arg }
t { 2.arg }
t { -2.arg }
t { 0.arg }
t { 2.5.angle }
t { -2.5.phase }
t { 0.0.arg }
t { -0.0.arg }
t { Float::NAN.arg }
t { Rational(-1, 2).arg }
t { Rational(1, 2).arg }
