# inspect/to_s of nested, mixed and recursive arrays
p [1, [2, [3, []]]]
p [nil, true, 1.0, "s", :sym, 1..2, { a: [1] }]
puts [1, "two", :three].inspect
puts [1, "two"].to_s
a = [1, 2]
a << a
p a
puts a.to_s
h = { k: nil }
b = [h]
h[:k] = b
p b
p ["quote\"", "tab\t", "日本"]
p [:"a b", :+, :a?]
p [1.0e20, -0.0, 2**64]
