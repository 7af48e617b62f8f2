# keys, values, size/length/count, empty?, to_a, invert, key, rassoc/assoc
h = { a: 1, "b" => 2, 3 => 1 }
p h.keys
p h.values
p h.size, h.length, h.count
p h.empty?, {}.empty?
p h.to_a
p h.invert
p h.key(1)
p h.assoc("b")
p h.rassoc(1)
p h.any?
p h.sum { _2 }
p h.to_h
p h.to_h { |k, v| [v, k] }
p h.filter_map { |k, v| k if v == 1 }
