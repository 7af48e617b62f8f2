# Kernel#p: inspect output and return values
r = p
p r
r = p 1
p r
r = p 1, 2
p r
p nil, true, false
p "str", :sym, 1.5, 10**20
p [1, "a", :b, nil, [2.0]]
p({ a: { "b" => [nil] } })
p 1..2
p "quote\"and\\backslash"
p "\e\0\x7f"
p "日本\n"
p Object
p Comparable
p :"odd sym"
p -0.0
x = p("returned")
p x
