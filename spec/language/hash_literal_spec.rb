# Hash literals and 4.0-style inspect
p({})
p({ a: 1 })
p({ "a" => 1, b: 2 })
p({ 1 => "one", nil => 0, [1] => [2] })
p({ "a b": 1 })
p({ :"a b" => 1, :+ => 2, :foo? => 3, :bar= => 4 })
k = :key
p({ k => 1 })
x = 1
y = 2
p({ x:, y: })
h = { a: 1 }
p({ **h, b: 2 })
p({ "nested" => { "deep" => { z: [1, 2] } } })
p({ 1.5 => 2.5 })
p({ a: { b: nil } })
