# to_s and inspect
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(1, 2).to_s }
t { Complex(1, -2).to_s }
t { Complex(-1, 0).to_s }
t { Complex(1.0, 2.5).to_s }
t { Complex(1.0, 2).to_s }
t { Complex(1, Float::NAN).to_s }
t { Complex(1.0, -Float::NAN).to_s }
t { Complex(1, Float::INFINITY).to_s }
t { Complex(1, -Float::INFINITY).to_s }
t { Complex(-0.0, -0.0).to_s }
t { Complex(0.0, 0.0).to_s }
t { Complex(1, -0.0).to_s }
t { Complex(Rational(1, 2), Rational(-1, 3)).to_s }
t { Complex(1e20, 1e-20).to_s }
t { Complex(2**70, -2**70).to_s }
t { Complex(1, 2).inspect }
t { Complex(1, -2).inspect }
t { Complex(Float::NAN, -Float::INFINITY).inspect }
t { Complex(Rational(1, 2), Rational(-1, 3)).inspect }
t { Complex(Rational(1, 2), 1).inspect }
t { Complex(1.5, Rational(1, 2)).inspect }
t { Complex(1, 2).to_s.encoding }
t { Complex(1, 2).inspect.encoding }
t { Complex(1, 2).to_s.frozen? }
t { "#{Complex(1, 2)} and #{Complex(0.5, -1)}" }
puts Complex(3, 4)
print Complex(3, -4), "\n"
p [Complex(1, 2), { c: Complex(0, 1) }]
