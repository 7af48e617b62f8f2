# + and - with Integer, Float, Rational and Complex operands on both sides
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(1, 2) + Complex(3, 4) }
t { Complex(1, 2) + Complex(3.0, -4) }
t { Complex(1, 2) + 1 }
t { Complex(1, 2) + 1.5 }
t { Complex(1, 2) + Rational(1, 2) }
t { Complex(1, 2) + 2**70 }
t { 1 + Complex(1, 2) }
t { 1.5 + Complex(1, 2) }
t { Rational(1, 2) + Complex(1, 2) }
t { 2**70 + Complex(1, 2) }
t { Complex(Rational(1, 2), Rational(1, 2)) + Complex(Rational(1, 2), Rational(1, 2)) }
t { Complex(1, 2) - Complex(3, 4) }
t { Complex(1, 2) - Complex(1, 2) }
t { Complex(1, 2) - 1.5 }
t { Complex(1, 2) - Rational(1, 2) }
t { 1 - Complex(1, 2) }
t { 1.5 - Complex(1, 2) }
t { Rational(1, 2) - Complex(1, 2) }
# signed zeros: an exact zero leaves the other part as it is
t { Complex(-0.0, 0) + 0 }
t { Complex(-0.0, -0.0) + Complex(0, 0) }
t { Complex(0, 0) + Complex(-0.0, -0.0) }
t { 0 + Complex(-0.0, -0.0) }
t { Complex(-0.0, -0.0) + 0.0 }
t { Complex(-0.0, -0.0) - Complex(0, 0) }
t { Complex(1, -0.0) - 0 }
t { Complex(0, 0) - Complex(0.0, 0.0) }
t { Complex(1, Float::NAN) + Complex(1, 1) }
t { Complex(Float::INFINITY, 1) - Complex(Float::INFINITY, 1) }
# errors
t { Complex(1, 2) + "a" }
t { Complex(1, 2) + nil }
t { Complex(1, 2) - :a }
t { Complex(1, 2) + Object.new }
t { "a" + Complex(1, 2) }
t { nil.to_a + Complex(1, 2) }
