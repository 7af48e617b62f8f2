# min(n)/max(n)/min_by(n)/max_by(n) over any each: CRuby's selection (ties in its order), fed as
# the source goes, so a comparison block runs (and may raise) before a long source ends.
p (1..20).min(3), (1..20).max(3), (1..20).min(3) { |a, b| (a % 5) <=> (b % 5) }
p %w[bb a ccc dd e].each_slice(1).map(&:first).min(2) { |a, b| a.size <=> b.size }
p [3, 1, 2].each.max(2), [3, 1, 2].each.min(0), [].each.min(2)
begin; (1..2**64).min(3) { |*x| raise "sweep" }; rescue => e; p e; end
p (1..10).each_entry.max(4) { |a, b| a <=> b }
p [[1, :a], [1, :b], [0, :c], [1, :d]].each.min(3) { |x, y| x[0] <=> y[0] }
p (1..30).each_slice(1).map(&:first).lazy.map { _1 * 3 % 7 }.min(5)
p (1..30).each_slice(1).map(&:first).each.max(5) { |a, b| (a % 4) <=> (b % 4) }
p (1..Float::INFINITY).lazy.map { _1 }.first(3)
e = Enumerator.new { |y| 100.times { |i| y << (i * 37) % 101 } }
p e.min(6), e.max(6), e.min(6) { |a, b| (a % 10) <=> (b % 10) }
p e.min_by(3) { _1 % 7 }, e.max_by(4) { -_1 }
p (begin; e.min(-1); rescue => x; [x.class, x.message]; end)
p (begin; e.min("2"); rescue => x; [x.class, x.message]; end)
p e.min(2.9)
