# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle lacks the bigdecimal gem
# BigDecimal: construction, text forms, exact arithmetic, digits-limited operations,
# rounding modes, predicates, comparison and coercion; bigdecimal/util's to_d.
require 'bigdecimal'
require 'bigdecimal/util'

a = BigDecimal("1.23")
p a, a.to_s, a.to_s("F"), a.inspect, a.precision, a.scale, a.exponent, a.sign, a.class
p BigDecimal("10") / 4, BigDecimal(1) / BigDecimal("1e20"), BigDecimal("123456789.123456789") / 3
p BigDecimal("1") / 0, BigDecimal("-1") / 0, (BigDecimal("0") / 0).nan?
p a + 1, a - 2.5, a * 3, a + BigDecimal("0.77"), a - a, -a + a
p BigDecimal("0"), BigDecimal("-0"), BigDecimal("NaN"), BigDecimal("Infinity"), BigDecimal("-Infinity")
p BigDecimal("1e400"), BigDecimal("-12.5e-3"), BigDecimal("+5"), BigDecimal(".5e1") rescue p $!
p BigDecimal("3.14159").round(2), BigDecimal("2.5").round, BigDecimal("-2.5").round
p BigDecimal("2.5").round(0, :half_even), BigDecimal("2.5").round(0, BigDecimal::ROUND_HALF_DOWN)
p BigDecimal("1.15").round(1, :banker), BigDecimal("1.23").round(1, :up), BigDecimal("1.27").round(1, :down)
p BigDecimal("-1.21").round(1, :ceiling), BigDecimal("-1.21").round(1, :floor), BigDecimal("1.25").round(1, :half_down)
p BigDecimal("3.7").floor, BigDecimal("3.2").ceil, BigDecimal("-3.7").truncate, BigDecimal("3.75").floor(1)
p BigDecimal("-3.75").ceil(1), BigDecimal("3.7").to_i, BigDecimal("3.7").to_f, BigDecimal("-3.2").floor
p BigDecimal("16").sqrt(5), BigDecimal("2").sqrt(20).round(20), BigDecimal("0.0625").sqrt(10)
p BigDecimal("1").div(3, 5), BigDecimal("2").div(3, 5), BigDecimal("1").div(3), BigDecimal("7").div(2), BigDecimal("-7").div(2)
p BigDecimal("1.5").add(BigDecimal("1.25"), 2), BigDecimal("1.5").mult(3, 1), BigDecimal("1.5").sub(1, 1)
p BigDecimal("123.456").add(0, 4), BigDecimal("123.456").mult(1, 2), BigDecimal("1.5").add(1, 0)
p BigDecimal("1.5") == 1.5, BigDecimal("1.5") > 1, BigDecimal("1.5") <=> Rational(3, 2), BigDecimal("1") < 2
p 1 + BigDecimal("1.5"), 2.0 * BigDecimal("1.5"), BigDecimal("1.5").coerce(2), 3 - BigDecimal("0.5")
p BigDecimal("NaN").nan?, BigDecimal("Infinity").infinite?, BigDecimal("-Infinity").infinite?, BigDecimal("1").infinite?
p BigDecimal("1").finite?, BigDecimal("0").zero?, BigDecimal("NaN") == BigDecimal("NaN"), BigDecimal("1").nonzero?
p BigDecimal("NaN") <=> 1, BigDecimal("Infinity") > 10**100, BigDecimal("-0") == BigDecimal("0")
p "1.5".to_d, 3.to_d, 0.1.to_d, Rational(1, 3).to_d(5), BigDecimal("1.5").to_d, "abc".to_d, "2.5xyz".to_d
p BigDecimal("12.50").to_digits, BigDecimal("100").to_digits, nil.to_d
p BigDecimal("1234567.891").to_s("+F"), BigDecimal("-0.00012").to_s, BigDecimal("100").to_s
p BigDecimal("100").to_s("F"), BigDecimal("0.5").to_s("F"), BigDecimal("0.5").to_s("+"), BigDecimal("-0").to_s("F")
p BigDecimal(10), BigDecimal(1.5, 3), BigDecimal(Rational(1, 3), 10), BigDecimal("  1.5  "), BigDecimal("1_000.5")
p BigDecimal(2**70), BigDecimal(-2**70).to_i, BigDecimal("3.14159", 3), BigDecimal(0.1, 10), BigDecimal(2.0 / 3, 16)
["abc", "1..2", "1__0", "1e", "", "_1"].each do |s|
  BigDecimal(s)
rescue => e
  p [e.class, e.message]
end
begin; BigDecimal(1.5); rescue => e; p e.class, e.message; end
begin; BigDecimal(nil); rescue => e; p e.class, e.message; end
begin; BigDecimal("NaN").to_i; rescue => e; p e.class, e.message; end
begin; BigDecimal("Infinity").to_i; rescue => e; p e.class, e.message; end
begin; BigDecimal("1") < "x"; rescue => e; p e.class, e.message; end
begin; BigDecimal("1") + nil; rescue => e; p e.class, e.message; end
p BigDecimal("x", exception: false)
p BigDecimal("-1.5").abs, -BigDecimal("1.5"), BigDecimal("1.5").frac, BigDecimal("-1.5").fix, BigDecimal("12.345").precision
p BigDecimal("0.00123").precision, BigDecimal("12300").precision, BigDecimal("0.00123").scale, BigDecimal("12300").exponent
p BigDecimal("0.00123").exponent, BigDecimal("1.5").n_significant_digits, BigDecimal("12300").n_significant_digits
p BigDecimal("1.5").hash == BigDecimal("1.50").hash, BigDecimal("1.5").eql?(BigDecimal("1.50")), { BigDecimal("2") => 1 }[BigDecimal("2.0")]
p BigDecimal::ROUND_MODE, BigDecimal::ROUND_HALF_UP, BigDecimal::ROUND_HALF_EVEN, BigDecimal.mode(BigDecimal::ROUND_MODE)
p BigDecimal::SIGN_NEGATIVE_FINITE, BigDecimal::INFINITY, BigDecimal::NAN.nan?, BigDecimal::BASE
p BigDecimal("2") ** 10, BigDecimal("1.1") ** 2, BigDecimal("2").power(3), BigDecimal("2") ** -2, BigDecimal("10") % 3
p BigDecimal("-10") % 3, BigDecimal("10") % -3, BigDecimal("10").remainder(3), BigDecimal("-10").remainder(3), BigDecimal("7.5") % 2
p BigDecimal("1.5").to_r, BigDecimal("-0.125").to_r, BigDecimal("0.1") + BigDecimal("0.2") == BigDecimal("0.3")
p BigDecimal("1.23456789").truncate(3), BigDecimal("1e30").to_i, BigDecimal("0.1").to_f, BigDecimal("-1e-400").to_f
p BigDecimal("1.5").split, BigDecimal("-0.0012").split, [BigDecimal("3"), BigDecimal("1.5"), BigDecimal("-2")].sort, [BigDecimal("1"), 2, 0.5].max
BigDecimal.mode(BigDecimal::ROUND_MODE, :half_even)
p BigDecimal.mode(BigDecimal::ROUND_MODE), BigDecimal("2.5").round, BigDecimal("3.5").round, BigDecimal("1").div(8, 2)
BigDecimal.mode(BigDecimal::ROUND_MODE, BigDecimal::ROUND_HALF_UP)
p BigDecimal("2.5").round
