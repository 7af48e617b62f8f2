# any?/all?/none?/one?/count with a block on Arrays and Hashes: one block frame (each_yield).
a = [1, 2, 3, 4]
h = { a: 1, b: 2 }
p a.any? { |x| x > 3 }, a.all? { |x| x > 0 }, a.none? { |x| x > 4 }, a.one? { |x| x == 2 }, a.count(&:even?)
p h.any? { |k, v| v > 1 }, h.all? { |(k, v)| v > 0 }, h.count { |k, v| v.odd? }, h.one? { |pair| pair[1] == 2 }
c = 0
p a.any? { |x| c += 1; x == 2 }, c
p a.all? { |x| break :brk if x == 3; true }
p [].any? { true }, [].all? { false }, [nil, 1].any?, a.any?(Integer), a.count(2), a.count
p a.one? { |x| x > 1 }, a.none?
