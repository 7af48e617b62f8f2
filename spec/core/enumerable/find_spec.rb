# find/detect, find_index, include?/member?, count, first, min/max variants
a = [5, 8, 12, 3]
p a.find { _1 > 6 }
p a.detect { _1 > 100 }
p a.find(-> { :none }) { _1 > 100 }
p (1..Float::INFINITY).find { _1 * _1 > 30 }
p({ a: 1, b: 2 }.find { |k, v| v == 2 })
p a.find_index(12)
p a.find_index { _1 < 5 }
p a.find_index(99)
p a.include?(3), (1..5).include?(3), { a: 1 }.include?(:a), (1..5).member?(9)
p a.count, a.count(8), a.count(&:even?)
p({ a: 1, b: 2 }.count { |k, v| v.odd? })
p (1..3).first, (1..3).first(2), [].first, [].first(2)
p({ a: 1, b: 2 }.first)
p({ a: 1, b: 2 }.first(1))
p a.min, a.max, a.min(2), a.max(2)
p a.minmax
p %w[pear fig banana].min_by(&:length)
p %w[pear fig banana].max_by(&:length)
p %w[pear fig banana].minmax_by(&:length)
p %w[pear fig banana].min_by(2, &:length)
p [].min, [].max, [].minmax, [].sum
p [3, 1, 2].min { |x, y| y <=> x }
p (1..0).min
p({ x: 3, y: 1 }.min_by { |k, v| v })
p({ x: 3, y: 1 }.max_by { |k, v| v })
p ["b", "a", "c"].max
