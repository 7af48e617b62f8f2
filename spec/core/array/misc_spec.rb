# length/size/empty?, replace, assoc/rassoc, cycle, sum, pack-free helpers, partition, step slicing
p [].empty?, [nil].empty?, [1, 2].size, [1, 2].length
a = [1, 2]
a.replace([3, 4, 5])
p a
p [[1, :a], [2, :b]].assoc(2)
p [[1, :a], [2, :b]].rassoc(:a)
p [1, 2].cycle.first(5)
p [1, 2, 3].partition(&:odd?)
p [1, 2, 3].none? { _1 > 3 }
p [1, [2, 3]].to_a
p [3, 1].minmax
p [1, 2, 3, 4].sum { _1 * 2 }
p [1, 2, 3].each_entry.to_a
p [4, 5, 6].each_with_index.max_by(&:first)
p %w[a b c].each_with_index.to_h
p [1, 2, 3].filter_map { _1 * 2 if _1.odd? }
p [1, 2, 3].zip([4, 5, 6]).map { |x, y| x * y }
p [1, 2, 3, 4, 5].select.with_index { |_, i| i.even? }
p ["a", "b"].cycle(2).to_a
p [1, 2, 3].inject(:+)
p [3, 5, 2].max(2).sum
p [0] * 3
