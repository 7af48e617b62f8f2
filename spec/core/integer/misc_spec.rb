# abs, succ/pred, even?/odd?/zero?/positive?/negative?, between?, clamp, ceil/floor/round with digits
p -5.abs
p 5.abs
p (-(2**70)).abs
p -5.magnitude
p 5.succ
p 5.pred
p -1.succ
p (2**64 - 1).succ
p 4.even?, 4.odd?, 3.even?, 3.odd?, -3.odd?, 0.even?
p 0.zero?, 1.zero?
p 5.positive?, -5.positive?, 0.positive?, -5.negative?
p 5.nonzero?, 0.nonzero?
p 5.between?(1, 10), 5.between?(6, 10), 5.between?(5, 5)
p 15.clamp(1, 10), -3.clamp(1, 10), 5.clamp(1, 10)
p 15.clamp(..10), 15.clamp(20..)
p 1234.round(-2)
p 1250.round(-2)
p 1350.round(-2)
p -1250.round(-2)
p 1234.floor(-2)
p -1234.floor(-2)
p 1234.ceil(-2)
p 1234.truncate(-2)
p 5.round(2)
p 25.round(-1, half: :even)
p 35.round(-1, half: :even)
p 25.round(-1, half: :down)
p 5.integer?
p 5.finite?
p 5.infinite?
p 5.to_i, 5.to_int, 5.to_f
p 10.pred.pred
p 3 <=> 5, 5 <=> 5, 5 <=> 3, 5 <=> "a"
p 5 == 5.0, 5.eql?(5.0), 5.equal?(5)
p 3.coerce(2.5)
p 3.coerce(4)
p 255.ceil(-1), 5.floor
