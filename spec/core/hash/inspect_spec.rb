# Hash#inspect / to_s in the 4.0 format for every kind of key
p({})
p({ a: 1 })
p({ "a" => 1 })
p({ a: 1, "b" => 2, 3 => 3, nil => 4, [5] => 5, 1.5 => 6, (1..2) => 7 })
p({ "a b": 1, :"c-d" => 2 })
p({ :+ => 1, :[] => 2, :! => 3, :<=> => 4, :== => 5 })
p({ foo?: 1, bar!: 2, :baz= => 3 })
p({ :@iv => 1, :@@cv => 2, :$gv => 3, Const: 4 })
p({ :"9" => 1, :"" => 2, :"日本" => 3 })
p({ nested: { deeper: { deepest: [1, { x: nil }] } } })
p({ true => false, false => true })
p({ a: "str\n", b: :sym, c: 1.0e-5 })
puts({ a: 1, "b" => [2] }.to_s)
h = { a: 1 }
h[:self] = h
p h
p({ if: 1, class: 2, nil: 3, self: 4 })
p({ A: 1, _b: 2, c_: 3, d1: 4 })
p({ "a": 1 }.keys)
