# Hash#each/each_pair/each_key/each_value through Vm::yield_each: a PairCursor keeps the walk
# right when the block deletes keys; pairs or two values as CRuby yields them.
h = { a: 1, b: 2, c: 3 }
h.each { |k, v| p [k, v] }
h.each { |kv| p kv }
h.each_pair { |k, (v)| p [k, v] }
h.each(&->(kv) { p [:l1, kv] })
p h.each_key { |k| p k }, h.each_value { |v| p v }
g = { a: 1, b: 2, c: 3, d: 4 }
g.each { |k, v| g.delete(:c) if k == :a; p k }
g = { a: 1, b: 2 }
begin
  g.each { |k, v| g[:z] = 1 }
rescue => e
  p e.class, e.message
end
g[:x] = 5
p g
p(h.each { |k, v| break k if v == 2 })
r = []
h.each { |k, v| next if v == 1; r << k }
p r
ps = []
h.each { |k, v| ps << -> { [k, v] } }
p ps.map(&:call)
big = (1..50).to_h { |i| [i, i * i] }
s = 0
big.each { |k, v| big.delete(k + 1) if k.odd?; s += v }
p s, big.size
def m(h) = h.each { |k, v| return k if v > 1 }
p m(h)
p({}.each { p :never })
h.each_with_index { |(k, v), i| p [k, v, i] }
p h.map { |k, v| [k, v * 2] }.to_h
p h.select { |k, v| v.odd? }, h.sum { |k, v| v }
h2 = Hash.new(0)
"hello world".each_char { |c| h2[c] += 1 }
p h2
