# Enumerable's map/select/reject/filter_map/each_with_object/inject/each_with_index on a Range
# with Integer ends walk it in one block frame under a frame for Range#each (backtraces as
# CRuby's); a subclass with its own each is still called.
r = (1..5)
p r.map { |x| x * x }, (1...5).map { |x| x }, (3..1).map { |x| x }, r.collect(&:to_s)
p r.select(&:even?), r.reject(&:even?), r.filter { |x| x > 2 }, r.filter_map { |x| x * 2 if x.odd? }
p r.each_with_object([]) { |x, m| m.unshift(x) }, r.inject(100) { |s, x| s - x }, r.reduce(1) { |s, x| s * x }
p r.inject { |s, x| s + x }, (1..0).inject(5) { |s, x| s + x }, r.inject(:+), r.sum { |x| x * 2 }
r.each_with_index { |x, i| print x, ":", i, " " }
puts
p r.each_with_index.to_a.size
p r.map { |x| break x if x == 3; x }, r.select { |x| next true if x == 1; false }
p (1..Float::INFINITY).lazy.map { |x| x * 2 }.first(3)
p ("a".."c").map(&:upcase), (1.0..2.0).step(0.5).map { |x| x }
class Range; end
def m = (1..5).map { |x| return x * 10 if x == 2 }
p m
begin
  (1..3).map { |x| raise "boom" if x == 2 }
rescue => e
  p e.backtrace_locations.map(&:label).first(4)
end
class MyRange < Range
  def each
    yield 42
  end
end
p MyRange.new(1, 3).map { |x| x }
p (2**62 - 2..2**62).map { |x| x }
