# Data: `[]`, String keywords, members of subclasses, initialize, deconstruct(_keys), recursion, inspect
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
M = Data.define(:amount, :unit)
p M[1, "km"], M[amount: 1, unit: "km"], M.new("amount" => 2, "unit" => "m")
class Named < M
  def self.name = "Other"
end
p Named.new(3, "cm"), Named.members
anon = Class.new(M) { def self.name = "A" }
p anon.new(4, "mm")
p Class.new(Data).respond_to?(:members), M.respond_to?(:members), Data.respond_to?(:members)
t { Data.new }
t { M.new(1) }
t { M.new }
t { M.new(1, 2, 3) }
t { M.new(amount: 1, unit: 2, x: 3) }
t { M.new(amount: 1, unit: 2, x: 3, y: 4) }
t { M.new(amount: 1, x: 3) }
t { M.new(1, 2).with(1) }
d = M.new(amount: 5, unit: "g")
p d.deconstruct, d.deconstruct_keys(nil), d.deconstruct_keys([:unit]), d.deconstruct_keys(["amount"])
p d.deconstruct_keys([0, 1]), d.deconstruct_keys([1, :amount]), d.deconstruct_keys([:amount, :x, :unit])
p d.deconstruct_keys([:a, :b, :c]), d.deconstruct_keys([-1]), d.deconstruct_keys([5, :unit])
t { d.deconstruct_keys(1) }
t { d.deconstruct_keys([[]]) }
case d
in {amount: Integer => n, unit: "g"} then p [:hash, n]
end
case d
in [a, u] then p [:array, a, u]
end
r = M.allocate
r.send(:initialize, amount: 1, unit: r)
p r, r == r, r.eql?(r)
p r.hash.is_a?(Integer)
class Custom < Data.define(:x)
  def initialize(x: 0) = super(x: x * 2)
end
p Custom.new, Custom.new(x: 2), Custom.new(3)
E = Data.define
p E.new, E.new.to_h, E.members
p M.new(1, 2).frozen?, M.new(1, 2).to_h
t { Data.define(:a, :a) }
t { Data.define(1) }
p Data.define("s", :t).members
