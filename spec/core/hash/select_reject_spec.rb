# Hash#select/filter/reject yield key and value in one block frame (Vm::yield_each) over a
# snapshot of the pairs, as CRuby does.
h = { a: 1, b: 2, c: 3, d: 4 }
p h.select { |k, v| v.even? }, h.reject { |k, v| v > 2 }, h.filter { |kv| p kv; true }
p h.select { |k, v| h.delete(:c) if k == :a; true }
p h.select { |k, v| break :b if k == :b }
p h.reject(&->(k, v) { v == 1 })
h2 = Hash.new(5); h2[:x] = 1
p h2.select { true }.default, h.compare_by_identity.select { true }.compare_by_identity?
