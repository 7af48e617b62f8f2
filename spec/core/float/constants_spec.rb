# Float constants
p Float::INFINITY
p Float::NAN.nan?
p Float::EPSILON
p Float::MAX
p Float::MIN
p Float::DIG
p Float::MANT_DIG
p Float::MAX_EXP
p Float::MIN_EXP
p Float::MAX_10_EXP
p Float::MIN_10_EXP
p Float::RADIX
p Float::MAX * 2
p Float::MIN / 2 > 0
p 1.0 + Float::EPSILON > 1.0
p 1.0 + Float::EPSILON / 2 == 1.0
