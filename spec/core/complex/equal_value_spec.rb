# ==, <=>, eql? and hash
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(1, 2) == Complex(1, 2) }
t { Complex(1, 2) == Complex(1.0, 2) }
t { Complex(1, 2) == Complex(1, 3) }
t { Complex(1, 0) == 1 }
t { Complex(1, 0.0) == 1.0 }
t { Complex(1, 0) == Rational(1) }
t { Complex(Rational(1, 3), 0) == 1.0 / 3 }
t { Complex(2**53 + 1, 0) == 2.0**53 }
t { Complex(1, 2) == 1 }
t { Complex(1, 2) == "a" }
t { Complex(1, 2) == nil }
t { Complex(Float::NAN, 0) == Complex(Float::NAN, 0) }
t { Complex(0.0, 0) == Complex(-0.0, 0) }
t { Complex(1, 2) != Complex(1, 2) }
# <=>: only when both imaginary parts are zero
t { Complex(1, 0) <=> Complex(2, 0) }
t { Complex(1, 0) <=> Complex(2, 0.0) }
t { Complex(1, 0.0) <=> 2 }
t { Complex(3, 0) <=> 2.5 }
t { Complex(1, 0) <=> Rational(1) }
t { Complex(Rational(1, 3), 0) <=> 1.0 / 3 }
t { Complex(2**53 + 1, 0) <=> 2.0**53 }
t { Complex(1, 0) <=> Float::NAN }
t { Complex(1, 0) <=> Complex(Float::NAN, 0) }
t { Complex(1, 2) <=> 2 }
t { Complex(1, 0) <=> Complex(1, 2) }
t { Complex(Float::NAN, 2) <=> Complex(1, 0) }
t { Complex(1, 0) <=> "a" }
t { Complex(1, 0) <=> nil }
t { [Complex(3, 0), Complex(1, 0), Complex(2, 0.0)].sort }
t { [Complex(3, 0), Complex(1, 0)].max }
t { [Complex(3, 4), Complex(1, 2)].sort }
# eql? compares the parts' classes too
t { Complex(1, 2).eql?(Complex(1, 2)) }
t { Complex(1, 2).eql?(Complex(1.0, 2)) }
t { Complex(1, 2.0).eql?(Complex(1, 2.0)) }
t { Complex(1, 2).eql?(Complex(1, Rational(2))) }
t { Complex(1, 0).eql?(1) }
t { Complex(1, 2).eql?("a") }
t { Complex(1, 2).hash == Complex(1, 2).hash }
t { Complex(1, 2).hash == Complex(1.0, 2).hash }
t { Complex(1, 2).hash.class }
t { { Complex(1, 2) => :a, Complex(1.0, 2) => :b }.size }
t { { Complex(1, 2) => :a }[Complex(1, 2)] }
t { { Complex(1, 2) => :a }[Complex(1.0, 2)] }
t { [Complex(1, 2), Complex(1, 2), Complex(1.0, 2)].uniq }
