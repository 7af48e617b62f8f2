# coerce, and how the reals' operators meet Complex through it
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(1, 2).coerce(3) }
t { Complex(1, 2).coerce(3.5) }
t { Complex(1, 2).coerce(Rational(1, 2)) }
t { Complex(1, 2).coerce(2**70) }
t { Complex(1, 2).coerce(Complex(3, 4)) }
t { Complex(1, 2).coerce("a") }
t { Complex(1, 2).coerce(nil) }
t { Complex(1, 2).coerce(:a) }
t { Complex(1, 2).coerce(Object.new) }
t { Complex(1, 2).coerce }
# a Numeric of the program's own that coerces
class Num < Numeric
  def initialize(v) = @v = v
  def coerce(o) = [o, Complex(@v, 0)]
end
t { Complex(1, 2) + Num.new(3) }
t { Complex(1, 2) * Num.new(3) }
t { Complex(1, 2) == Num.new(1) }
t { 1 <=> Complex(1, 0) }
t { 1 <=> Complex(1, 2) }
t { 1.5 <=> Complex(1, 0) }
t { Rational(3, 2) <=> Complex(1, 0) }
t { Float::INFINITY <=> Complex(1, 0) }
t { 1 == Complex(1, 0) }
t { 1.0 == Complex(1, 0) }
t { Rational(1) == Complex(1, 0) }
t { 1 == Complex(1, 2) }
t { 1 < Complex(1, 0) }
t { 1.0 > Complex(1, 0) }
