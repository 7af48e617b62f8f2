# Hash.try_convert: a Hash, the result of to_hash, nil, or TypeError when to_hash gives a
# non-Hash.
o = Object.new; def o.to_hash = [1]
s = Object.new; def s.to_hash = {b: 2}
n = Object.new; def n.to_hash = nil
p Hash.try_convert({a: 1}), Hash.try_convert(2), Hash.try_convert(s), Hash.try_convert(n)
p (Hash.try_convert(o) rescue $!), Hash.try_convert([[1, 2]])
