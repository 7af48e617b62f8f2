# Numbered block parameters (_1, _2) and `it`
p [1, 2, 3].map { _1 * 2 }
p [[1, 2], [3, 4]].map { _1 + _2 }
p [[1, 2], [3, 4]].map { _1 }
p [1, 2, 3].map { it + 1 }
p [[1, 2]].map { it }
p [3, 1, 2].sort_by { -it }
p({ a: 1, b: 2 }.map { "#{_1}=#{_2}" })
p({ a: 1 }.map { it })
l = -> { _1 * 10 }
p l.call(4)
p l.arity
l2 = -> { _1 + _2 }
p l2.arity
l3 = -> { it * 3 }
p l3.call(3)
p l3.arity
p proc { _1 }.arity
p proc { it }.arity
p proc { [_1, _2] }.call(1)
p proc { it }.call(1, 2)
p [1, 2].each_with_index.map { _1 * _2 }
it = 5
p it
p [1].map { it }
