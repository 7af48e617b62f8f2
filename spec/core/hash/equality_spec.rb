# Hash ==, eql?, size after operations, Hash[] and to_h conversions
p({ a: 1, b: 2 } == { b: 2, a: 1 })
p({ a: 1 } == { a: 1.0 })
p({ a: 1 }.eql?({ a: 1 }))
p({} == {})
p({ a: 1 } == [[:a, 1]].to_h)
p Hash[[[:k, :v]]]
p Hash[:a, 1, :b, 2]
p({ a: { b: 1 } } == { a: { b: 1 } })
p({ a: 1 } <= { a: 1, b: 2 })
p({ a: 1, b: 2 } > { a: 1 })
p({ a: 1 } < { a: 1 })
p({ a: 1 }.hash == { a: 1 }.hash)
