# Enumerable map/collect, flat_map, select/filter, filter_map, reject, on Array, Hash, Range
p [1, 2, 3].map { _1 * 2 }
p [1, 2, 3].collect(&:to_s)
p (1..4).map { |x| x * x }
p({ a: 1, b: 2 }.map { |k, v| "#{k}#{v}" })
p [].map { 1 }
p [[1, 2], [3]].flat_map { _1 }
p [1, 2].flat_map { [_1, _1 * 10] }
p [1, 2].flat_map { _1 }
p [[1, [2]], [3]].flat_map { _1 }
p (1..10).select(&:even?)
p (1..10).filter { _1 % 3 == 0 }
p({ a: 1, b: 2, c: 3 }.select { |k, v| v > 1 })
p({ a: 1, b: 2 }.filter { |k, v| k == :a })
p [1, 2, 3, 4].filter_map { _1 * 2 if _1.even? }
p (1..5).filter_map { _1 > 2 && _1 }
p({ a: 1, b: nil }.filter_map { |k, v| k if v })
p [1, 2, 3, 4].reject(&:odd?)
p({ a: 1, b: 2 }.reject { |k, v| v == 1 })
p (1..6).reject { _1 < 5 }
p [nil, false, 1].select(&:itself)
p [1, 2, 3].map.with_index { |x, i| x * i }
p [1, 2, 3].each_entry.to_a
