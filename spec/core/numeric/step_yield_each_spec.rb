# Integer#step, Float#step, Numeric#step, Range#step, Integer#upto/downto past the fixnums,
# Range#reverse_each and Range#sum with a block run all the calls in one block frame
# (Vm::yield_each).
def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
def collect
  r = []
  v = yield r
  [v, r]
end

show { collect { |r| 1.step(10, 3) { r << _1 } } }
show { collect { |r| 10.step(1, -4) { r << _1 } } }
show { collect { |r| 1.step(by: 2, to: 7) { r << _1 } } }
show { collect { |r| 1.step { |i| r << i; break :done if i > 3 } } }
show { collect { |r| 1.0.step(2.0, 0.25) { r << _1 } } }
show { collect { |r| 1.step(2, 0.5) { r << _1 } } }
show { collect { |r| 1.0.step(0.0, -0.3) { r << _1 } } }
show { collect { |r| 1.0.step(5.0, Float::INFINITY) { r << _1 } } }
show { collect { |r| 1.0.step(0.0, Float::INFINITY) { r << _1 } } }
show { collect { |r| 1.0.step(5.0, 0.0) { |x| r << x; break if r.size > 2 } } }
show { collect { |r| 1.0.step(0.0, 0.0) { |x| r << x; break if r.size > 2 } } }
show { collect { |r| 1.0.step(2.0, Float::NAN) { r << _1 } } }
show { collect { |r| 1.0.step { |x| r << x; break x if r.size > 2 } } }
show { collect { |r| 1r.step(2r, 1/3r) { r << _1 } } }
show { collect { |r| (2**64).step(2**64 + 2) { r << _1 } } }
show { collect { |r| (2**64).upto(2**64 + 2) { r << _1 } } }
show { collect { |r| (2**64).downto(2**64 - 2) { r << _1 } } }
show { (2**64).upto(nil) { } }
show { collect { |r| (2**62 - 2).step(2**62 + 2, 2) { r << _1 } } }
show { collect { |r| (1..10).step(4) { r << _1 } } }
show { collect { |r| (1...9).step(4) { r << _1 } } }
show { collect { |r| (1..).step(5) { |x| r << x; break if r.size > 2 } } }
show { collect { |r| (0.0..1.0).step(0.25) { r << _1 } } }
show { collect { |r| (0.0...1.0).step(0.25) { r << _1 } } }
show { collect { |r| (1..2).step(0.5) { r << _1 } } }
show { collect { |r| (1.0..).step(0.5) { |x| r << x; break if r.size > 2 } } }
show { collect { |r| ((2**62 - 3)..).step(2**61) { |x| r << x; break if r.size > 3 } } }
show { collect { |r| (10..1).step(-3) { r << _1 } } }
show { collect { |r| (1..5).reverse_each { r << _1 } } }
show { collect { |r| (..5).reverse_each { |x| r << x; break if r.size > 2 } } }
show { collect { |r| (1...(2**64 + 2)).reverse_each { |x| r << x; break if r.size > 2 } } }
show { [(1..3).step(1) { break 9 }, 1.step(3) { next 5 }] }
show { 1.step(3, 1) { |x| raise "e#{x}" } }
show { 1.5.step(3) { |x| raise "f#{x}" } }
def m = 1.step(5) { return _1 * 100 }
show { m }
show { collect { |r| 1.step(3, &->(x) { r << x }) } }
show { collect { |r| 1.0.step(2.0, 0.5, &->(x) { r << x }) } }
show { collect { |r| 1.step(2) { |i| 1.0.step(1.5, 0.5) { |f| r << [i, f] } } } }
show { 1.step(3).map { _1 * 2 } }
show { [(1..4).sum { _1 * 2 }, (1..4).sum(0.0) { _1 }, (1..3).sum { _1 == 2 ? 0.5 : _1 }] }
show { [(1...4).sum("") { _1.to_s }, (1..3).sum { break 8 }, (1..0).sum { 1 }, (1..3).sum(&:to_f)] }
show { (1..3).sum { raise "q" } }
show { (1..3).sum { |x| x == 2 ? "a" : x } }
