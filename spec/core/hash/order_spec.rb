# Insertion order is preserved, including after delete and reinsert
h = {}
h[:c] = 1
h[:a] = 2
h[:b] = 3
p h.keys
h[:a] = 20
p h
h.delete(:c)
h[:c] = 10
p h
p h.to_a
h2 = { 3 => :x, 1 => :y, 2 => :z }
p h2.keys
p h2.sort.to_h
p h2.min_by { |k, _| k }
p h2.first
ks = []
h2.each_key { ks << _1 }
p ks
big = {}
100.downto(1) { big[_1] = _1 }
p big.keys.first(3)
big.delete(100)
big[100] = 0
p big.keys.last(2)
p big.size
