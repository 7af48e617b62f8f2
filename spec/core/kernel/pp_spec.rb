h = {users: (1..4).map { |i| {id: i, name: "user number #{i}", tags: ["a", "b"], "score" => i * 1.5} }, total: 4}
pp h
pp (1..40).to_a
pp [[1,2,3]*10, {a: "x"*70}]
pp({"key" => "v"*75, :sym => 1, 2 => [3]})
data = {
  name: "A fairly long project name that takes up some room",
  owners: [{login: "alice", roles: [:admin, :dev], meta: {since: 2019, active: true}},
           {login: "bob", roles: [], meta: {}}],
  "weird key" => nil,
  :"quoted sym" => [1.5, 2.25, nil, true, "str" * 10],
  matrix: Array.new(4) { |i| Array.new(6) { |j| i * j * 1000 } },
}
pp data
x = pp([1, 2], {a: 1})
p x
pp []
pp({})
a = [1, 2]; a << a; pp a
h = {k: 1}; h[:self] = h; pp h
S = Struct.new(:x, :y)
pp [S.new(1, 2)] * 5
pp "a string that is longer than the width of the line by quite a lot, more than 79 characters"
pp (1..10).map { |i| "item-#{i}" * 3 }
pp({a: {b: {c: {d: {e: ["deep" * 5, "deeper" * 5, "deepest" * 5]}}}}})
