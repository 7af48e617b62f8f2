# Time arithmetic with Integer, Float and Rational seconds: every nanosecond field is the floor of
# the exact sum (a Float counts by its exact binary value), for + and - alike; Time - Time is a
# Float; errors for non-numbers, NaN and infinities.
def t(s)
  r = yield
  puts "#{s} => #{r.inspect}"
rescue => e
  puts "#{s} !! #{e.class}: #{e.message}"
end

u = Time.utc(2000, 1, 2, 3, 4, 5)
l = Time.new(2000, 1, 2, 3, 4, 5, "+09:00")
t("u + 1") { u + 1 }
t("u + 1.5") { u + 1.5 }
t("u + Rational(1, 2)") { u + Rational(1, 2) }
t("u - 1.5") { u - 1.5 }
t("u - Rational(1, 4)") { u - Rational(1, 4) }
t("u + -1") { u + -1 }
t("u + 0.0") { u + 0.0 }
t("u + -0.0") { u + -0.0 }
[0.1, 0.2, 0.3, 0.7, 0.9, 1.1, 1e-9, 1e-10, 0.000001, 123.456].each do |f|
  t("(u + #{f}).nsec") { (u + f).nsec }
  t("(u - #{f}).nsec") { (u - f).nsec }
  t("(u + #{f}).usec") { (u + f).usec }
  t("(u - #{f}).strftime('%S.%N')") { (u - f).strftime("%S.%N") }
end
[Rational(1, 3), Rational(2, 3), Rational(-1, 3), Rational(1, 7)].each do |r|
  t("(u + #{r}).nsec") { (u + r).nsec }
  t("(u - #{r}).nsec") { (u - r).nsec }
end
t("(u + 1.5) - u") { (u + 1.5) - u }
t("(u + 0.1) - u") { (u + 0.1) - u }
t("u - (u + 0.5)") { u - (u + 0.5) }
t("(u + Rational(1, 4)) - u") { (u + Rational(1, 4)) - u }
t("u - Time.utc(2000)") { u - Time.utc(2000) }
t("(u - Time.utc(2000)).class") { (u - Time.utc(2000)).class }
t("l - u") { l - u }
t("(l + 0.25).utc_offset") { (l + 0.25).utc_offset }
t("l + 86400") { l + 86400 }
t("(l - 0.5).zone") { (l - 0.5).zone }
t("(u + 0.5).round.sec") { (u + 0.5).round.sec }
t("(u + 1.5).round.sec") { (u + 1.5).round.sec }
t("(u + 0.0015).round(3).nsec") { (u + 0.0015).round(3).nsec }
t("(u + 3600 * 24 * 365.25)") { u + 3600 * 24 * 365.25 }
t("u + 2**31") { u + 2**31 }
t("u - 2**35") { u - 2**35 }
t("u + u") { u + u }
t("u + nil") { u + nil }
t("u + '1'") { u + "1" }
t("u - '1'") { u - "1" }
t("u - nil") { u - nil }
t("u + Object.new") { u + Object.new }
t("u + Float::NAN") { u + Float::NAN }
t("u - Float::INFINITY") { u - Float::INFINITY }
t("u + -Float::INFINITY") { u + -Float::INFINITY }
t("Time.at(1.5)") { Time.at(1.5) }
t("Time.at(-1.5)") { Time.at(-1.5) }
t("Time.at(-0.1).nsec") { Time.at(-0.1).nsec }
t("Time.at(0.7).nsec") { Time.at(0.7).nsec }
t("Time.at(1.9).to_i") { Time.at(1.9).to_i }
t("Time.at(-1.9).to_i") { Time.at(-1.9).to_i }
t("Time.at(0, 1.5, :millisecond)") { Time.at(0, 1.5, :millisecond) }
t("Time.at(0, 1.5, :millisecond).nsec") { Time.at(0, 1.5, :millisecond).nsec }
t("Time.at(1, -0.5).nsec") { Time.at(1, -0.5).nsec }
t("Time.at(1, Rational(1, 3), :millisecond).nsec") { Time.at(1, Rational(1, 3), :millisecond).nsec }
t("Time.at(1700000000, 123456).utc") { Time.at(1700000000, 123456).utc }
t("Time.at(1700000000.5).utc") { Time.at(1700000000.5).utc }
t("Time.at(1700000000.75).utc.round(1)") { Time.at(1700000000.75).utc.round(1) }
t("Time.at(Time.at(1.5).to_r).utc") { Time.at(Time.at(1.5).to_r).utc }
t("Time.at(0.5).subsec") { Time.at(0.5).subsec }
t("Time.at(0.25).round(1).subsec") { Time.at(0.25).round(1).subsec }
