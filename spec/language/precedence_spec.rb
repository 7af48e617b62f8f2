# Operator precedence and associativity
p -2 ** 2
p (-2) ** 2
p 2 ** 3 ** 2
p -2.0 ** 2
p 1 + 2 * 3
p (1 + 2) * 3
p 10 - 4 - 3
p 100 / 10 / 5
p 7 % 3 * 2
p 2 * 3 % 4
p 1 + 2 << 1
p 1 << 2 + 1
p 6 & 3 | 8
p 6 | 3 & 1
p 5 ^ 3 & 1
p 1 < 2 == true
p !true && false
p (not true) || true
p 1 == 1 && 2 == 2
p nil || false || 3
p (false or true)
p 1 <=> 2
p -3.abs
p !!nil
p ~5 + 1
p 5 - -3
p 5 + +3
p 2 * -3
p((1..2) == (1..2))
p (true ? 1 : 2) + 10
p false ? 1 : true ? 2 : 3
a = b = 3
p a + b
x = 1 if true and false
p x
y = (1 if false)
p y
p [1, 2, 3].map { |v| v * 2 }.sum + 1
p -1.abs
p 2 + 3 * 4 ** 2 / 8 % 5
p 1 - 2 - 3 * 4 + 5
p 3 > 2 ? "yes" : "no"
p defined? x
