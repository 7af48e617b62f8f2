# An assignment as the right operand of a binary operator takes the rest of the expression:
# `a << x = 3` is `a << (x = 3)`.
a = []
a << x = 3
p a, x
y = [1]
num = 2
y << num *= 3
p y, num
b = 1
p(a != b = 2)
p b
p(1 + z = 2)
p z
w = 6
p(10 - w += 4)
p w
s = "x"
s += t = "y"
p s, t
r = 2 * u = 5 + 1
p r, u
ary = [0, 1, 2]
n = 0
while ary != new = ary.map { |e| e + 1 }
  n += 1
  ary = new
  break if n == 3
end
p n, ary, new
p(1 < m = 2)
p(m)
c = nil
p(true && c = 5)
p c
p(5 & d ||= 3)
p d
