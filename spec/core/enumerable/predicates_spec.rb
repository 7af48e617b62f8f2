# any? all? none? one? with blocks, patterns and no arguments
p [1, 2].any?, [].any?, [nil].any?, [nil, 1].any?
p [1, 2].all?, [].all?, [nil].all?
p [].none?, [nil, false].none?, [1].none?
p [1].one?, [1, 2].one?, [nil, 1].one?
p [1, 2, 3].any? { _1 > 2 }, [1, 2, 3].all? { _1 > 0 }, [1, 2, 3].none? { _1 > 3 }, [1, 2, 3].one? { _1 > 2 }
p [1, "a", :b].any?(String), [1, 2].all?(Integer), [1, 2].none?(Float), [1, 2.0].one?(Float)
p [1, 5, 10].all?(1..10), [1, 5, 11].all?(1..10)
p (1..5).any?(3), (1..5).one?(3..4)
p({ a: 1, b: 2 }.any? { |k, v| v > 1 })
p({ a: 1 }.all? { |k, v| k.is_a?(Symbol) })
p({}.any?, {}.all?, {}.none?)
p({ a: 1 }.any?([:a, 1]))
p [[1, 2]].any? { |a, b| b == 2 }
p ["x", :y].none?(Integer)
