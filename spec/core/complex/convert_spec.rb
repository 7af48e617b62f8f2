# Kernel#Complex(a, b = nil, exception: true)
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(1, 2) }
t { Complex(1) }
t { Complex(1.5, -2) }
t { Complex(Rational(1, 2), Rational(3, 4)) }
t { Complex(2**70, 1) }
t { Complex(Complex(1, 2)) }
t { Complex(Complex(1, 2), Complex(3, 4)) }
t { Complex(Complex(1, 2), 0) }
t { Complex(Complex(1, 2), 0.0) }
t { Complex(Complex(1, 0)) }
t { Complex(Complex(1, 0.0)) }
t { Complex(Complex(1, 0.0), 2) }
t { Complex(Complex(1, 0.0), Complex(0, 1)) }
t { Complex(Complex(1, Float::NAN), 2) }
t { Complex(1, Complex(0, 1)) }
t { Complex(1, Complex(3, 0)) }
t { Complex(1, Complex(3, 0.0)) }
t { Complex(1.0, Complex(1, 2)) }
t { Complex(Complex(1, 2), 3.0) }
t { Complex("1+2i") }
t { Complex("1", "2") }
t { Complex("1+2i", "3") }
t { Complex("1+2i", "3i") }
t { Complex(1, "3") }
t { Complex("1+2i", 0) }
t { Complex("1+2i", 0.0) }
t { Complex(nil) }
t { Complex(1, nil) }
t { Complex(nil, 1) }
t { Complex(:a) }
t { Complex(Object.new) }
t { Complex(1, :a) }
t { Complex(:a, 1) }
t { Complex(1, Object.new) }
t { Complex(1, {a: 1}) }
t { Complex("x") }
t { Complex("1+2i\0") }
t { Complex() }
t { Complex(1, 2, 3) }
t { Complex(1, 2, foo: 1) }
t { Complex(1, exception: 1) }
t { Complex(1, exception: nil) }
t { Complex(1, 2, exception: true) }
t { Complex(exception: false) }
t { Complex(1, 2, 3, exception: false) }
# exception: false gives nil instead of raising
t { Complex(nil, exception: false) }
t { Complex(1, nil, exception: false) }
t { Complex("x", exception: false) }
t { Complex("1", :a, exception: false) }
t { Complex(1, :a, exception: false) }
t { Complex(1, "x", exception: false) }
t { Complex(:a, exception: false) }
t { Complex(Object.new, exception: false) }
t { Complex("1\0", exception: false) }
t { Complex("1", exception: false) }
t { Complex("1/0", exception: false) }
# to_c
o = Object.new
def o.to_c = Complex(7, 8)
t { Complex(o) }
b = Object.new
def b.to_c = 5
t { Complex(b) }
t { Complex(b, exception: false) }
r = Object.new
def r.to_c = raise("boom")
t { Complex(r, exception: false) }
t { Complex(r) }
t { Kernel.Complex(1, 2) }
t { Complex(1, 2).class }
