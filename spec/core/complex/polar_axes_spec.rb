# Complex.polar gives exact results on the axes CRuby special-cases: angles pi, pi/2 and
# pi/2 + pi (3 * Math::PI / 2 is that same Float).
p Complex.polar(1, Math::PI), Complex.polar(1, Math::PI / 2), Complex.polar(1, 3 * Math::PI / 2)
p Complex.polar(2.5, Math::PI / 2 + Math::PI), Complex.polar(3r, 3 * Math::PI / 2)
p Complex.polar(1, 3 * Math::PI / 2).arg * 180 / Math::PI
p Complex.polar(1, -Math::PI / 2), Complex.polar(1, 2 * Math::PI)
