# Multiple assignment evaluates the targets' receivers and index arguments left to right before
# the value, then assigns left to right (CRuby 3.1 and later).
a = [10, 20, 30, 40]
a[a.index(10)], a[a.index(30)] = a[a.index(30)], a[a.index(10)]
p a
def t(x) = (puts "t #{x.inspect}"; x)
S = Struct.new(:x, :y)
o = S.new
b = []
r = (t(b)[t(0)], t(o).x, *t(b)[t(1)] = (puts "rhs"; [1, 2, 3, 4]))
p r, b, o
h = {}
t(h)[t(:k)], (t(o).y, c), d = (puts "rhs2"; [5, [6, 7], 8])
p h, o, c, d
module M; end
t(M)::C, e = 9, 10
p M::C, e
x = y = nil
x, t(o).x = 11, 12
p x, o.x
m = [[0, 0], [0, 0]]
i = 0
m[i][i += 1], m[i][i] = 1, 2
p m, i
arr = [1, 2, 3]
arr[0], arr[1], arr[2] = arr[2], arr[0], arr[1]
p arr
v = (p1, p2 = 1, 2)
p v
z = [1, 2]
z[0], z[1] = z[1], z[0] while false
f, (g, *hh), k = 1, [2, 3, 4], 5
p f, g, hh, k
q = []
q[0], q[1] = *[7, 8]
p q
def setter_calls
  s = S.new
  s.x, s.y = s.y, :first
  s
end
p setter_calls
