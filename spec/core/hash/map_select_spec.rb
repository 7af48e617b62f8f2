# map, flat_map, select/filter, reject, filter_map, find, any?, all?, count, sum, min_by, max_by, sort_by, group_by, partition
h = { apple: 3, banana: 1, cherry: 2 }
p h.map { |k, v| [k, v * 2] }
p h.map { |k, v| v }.sum
p h.flat_map { |k, v| [k] * v }
p h.select { |k, v| v > 1 }
p h.filter { |k, v| k == :banana }
p h.reject { |k, v| v > 1 }
p h.filter_map { |k, v| k if v.odd? }
p h.find { |k, v| v == 2 }
p h.detect { |k, v| v > 10 }
p h.any? { |k, v| v > 2 }, h.all? { |k, v| v > 0 }, h.none? { |k, v| v > 5 }
p h.count, h.count { |k, v| v > 1 }
p h.sum { |k, v| v }
p h.min_by { |k, v| v }
p h.max_by { |k, v| v }
p h.sort_by { |k, v| v }
p h.sort_by { |k, v| -v }.to_h
p h.group_by { |k, v| v.odd? }
p h.partition { |k, v| v > 1 }
p h.sort
p h.min_by(2) { |k, v| v }
p h.sum([]) { |k, v| [v] }
p h.each_with_object({}) { |(k, v), acc| acc[v] = k }
p h.inject(0) { |s, (k, v)| s + v }
p h.to_a.transpose
p h.entries
p h.min, h.max
p h.zip([1, 2, 3]).first
p h.each_slice(2).to_a
p h.uniq { |k, v| v.odd? }
p h.tally.size
