# Rational#round with half: (also with digits), to_i, and the argument errors of the rounding methods
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
[Rational(5, 2), Rational(-5, 2), Rational(7, 2), Rational(25, 100), Rational(-35, 100), Rational(1, 3)].each do |r|
  p [r, r.round(half: :up), r.round(half: :even), r.round(half: :down), r.round(half: nil)]
  p [r, r.round(1, half: :up), r.round(1, half: :even), r.round(1, half: :down), r.round(1, half: "even")]
end
p Rational(15, 1).round(-1, half: :even), Rational(25, 1).round(-1, half: :even), Rational(25, 1).round(-1, half: :down)
p Rational(7, 3).to_i, Rational(-7, 3).to_i
p Rational(7, 3).round(1).class, Rational(7, 3).round(0).class, Rational(7, 3).floor(-1).class
t { Rational(7, 3).round("1") }
t { Rational(7, 3).floor(1.5) }
t { Rational(7, 3).ceil(nil) }
t { Rational(7, 3).round(1, half: :foo) }
t { Rational(7, 3).round(1, 2) }
t { Rational(7, 3).round(1, foo: 1) }
