# ** with Integer, Rational, Float and Complex exponents, and negative bases of the reals
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(1, 2) ** 0 }
t { Complex(1, 2) ** 0.0 }
t { Complex(1, 2) ** Rational(0) }
t { Complex(1, 2) ** Complex(0, 0) }
t { Complex(1, 2) ** Complex(0.0, 0.0) }
t { Complex(1, 2) ** 1 }
t { Complex(1, 0.0) ** 1 }
t { Complex(1, 2) ** Rational(1) }
t { Complex(1, 2) ** Complex(1, 0) }
t { Complex(1, 2) ** 2 }
t { Complex(1, 2) ** 7 }
t { Complex(2, 3) ** 10 }
t { Complex(1, 2) ** -1 }
t { Complex(1, 2) ** -2 }
t { Complex(1, 2) ** -3 }
t { Complex(1.0, 2) ** -1 }
t { Complex(1.5, 2) ** 3 }
t { Complex(1, 2.0) ** 5 }
t { Complex(Rational(1, 2), 3) ** 3 }
t { Complex(1, 2) ** Rational(2) }
t { Complex(1, 2) ** Complex(2, 0) }
# on the axes and the diagonals the result is exact
t { Complex(Rational(1, 2), 0) ** 2 }
t { Complex(3, 0) ** -2 }
t { Complex(2, 0) ** -2 }
t { Complex(-2, 0) ** 3 }
t { Complex(-2.0, 0) ** 3 }
t { Complex(-2, 0) ** -3 }
t { Complex(1, 0.0) ** 2 }
t { Complex(0, 2) ** -1 }
t { Complex(0, 2) ** 3 }
t { Complex(0, -2) ** 3 }
t { Complex(0, Rational(2)) ** 2 }
t { Complex(0.0, 1.0) ** -3 }
t { Complex(0.0, 0) ** -1 }
t { Complex(0, 0) ** 2 }
t { Complex(0, 0) ** -1 }
t { Complex(1, 1) ** 3 }
t { Complex(1, -1) ** 5 }
t { Complex(1.0, 1.0) ** 3 }
t { Complex(1.5, 1.5) ** 2 }
t { Complex(2, 2) ** 3 }
t { Complex(2, -2) ** 4 }
t { Complex(-2, 2) ** 5 }
t { Complex(-2, -2) ** -1 }
t { Complex(1, 1) ** -2 }
t { Complex(1.0, 1.0) ** -2 }
t { Complex(2**40, 2**40) ** 3 }
t { Complex::I ** 2 }
t { Complex::I ** 4 }
# non-integer exponents go through the polar form
t { Complex(1, 2) ** 0.5 }
t { Complex(1, 2) ** Rational(1, 2) }
t { Complex(1, 2) ** Rational(1, 3) }
t { Complex(1, 2) ** 1.0 }
t { Complex(1, 2) ** Complex(1.0, 0) }

t { Complex(1, 2) ** Complex(0, 1) }
t { Complex(3, 4) ** 0.5 }
t { Complex(-1, 0) ** 0.5 }
t { Complex(-4, 0) ** Rational(1, 2) }
t { Complex(0, 0) ** Complex(1, 1) }
t { Complex(0, 0) ** 0.5 }
t { Complex(1, 2) ** Float::NAN }
t { Complex(1, 2) ** Float::INFINITY }
t { Complex(1, 1) ** (2**64) }
t { Complex(2, 0) ** (2**64) }
t { Complex(1, 2) ** "a" }
t { Complex(1, 2) ** Object.new }
t { Complex(1, 2) ** nil }
# reals raised to Complex powers, and negative bases with fractional exponents
t { 2 ** Complex(1, 2) }
t { 2.0 ** Complex(1, 2) }
t { Rational(1, 2) ** Complex(1, 2) }
t { 2 ** Complex(2, 0) }
t { (-8) ** 0.5 }
t { (-8.0) ** 0.5 }
t { (-8) ** (1.0 / 3) }
t { (-8.0) ** (1.0 / 3) }
t { (-8) ** Rational(1, 3) }
t { Rational(-8) ** Rational(1, 3) }
t { Rational(-8) ** 0.5 }
t { (-8) ** -0.5.floor }
t { (-8.0) ** Float::NAN }
t { (-8) ** Float::NAN }
t { (-8) ** Float::INFINITY }
t { (-8.0) ** -Float::INFINITY }
t { (-8) ** 2.0 }
t { (-2**70) ** 0.5 }
t { (-1) ** 0.5 }
t { (-1.0) ** -0.5 }
t { (-4) ** 2.5 }
