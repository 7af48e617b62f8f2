# Array.try_convert: an Array, the result of to_ary, nil, or TypeError when to_ary gives a
# non-Array.
o = Object.new; def o.to_ary = 5
s = Object.new; def s.to_ary = [1, 2]
n = Object.new; def n.to_ary = nil
p Array.try_convert([1]), Array.try_convert(1), Array.try_convert(s), Array.try_convert(n)
p (Array.try_convert(o) rescue $!), Array.try_convert("a"), Array.try_convert({a: 1})
