# nan? infinite? finite? zero? positive? negative? integer?, special values
inf = Float::INFINITY
nan = Float::NAN
p nan.nan?, 1.0.nan?
p inf.infinite?, (-inf).infinite?, 1.0.infinite?
p inf.finite?, 1.0.finite?, nan.finite?
p 0.0.zero?, -0.0.zero?, 0.1.zero?
p 1.5.positive?, -1.5.negative?, -0.0.negative?
p 1.0.integer?
p nan == nan
p nan.equal?(nan)
p [nan].include?(nan)
p inf > 10**100
p -inf < -(10**100)
p inf + 1 == inf
p (inf - inf).nan?
p inf * 0
p 0.0 == -0.0
p 0.0.eql?(-0.0)
p 1 / -0.0
p -0.0.abs
p 3.7 % 1
p 1.0.next_float > 1.0
p 1.0.prev_float < 1.0
p (0.1 + 0.2 - 0.3).abs < Float::EPSILON
