# Kernel#pp for small values behaves like p and returns its argument
r = pp({ a: 1, b: [1, 2] })
p r
pp 1, "two"
pp nil
pp [1, [2, [3, [4]]]]
x = pp
p x
