# A lone splat argument f(*a): the callee gets its own copy (a rest parameter never aliases a),
# non-Arrays convert through to_a or wrap, as in CRuby.
def f(*r) = r
def g(a, b = 2) = [a, b]
a = [1, 2]
x = f(*a); x << 3; p a, x
p f(*nil), f(*1), f(*"s"), f(*(1..3)), g(*[5]), (g(*[]) rescue $!)
o = Object.new; def o.to_a = [7, 8]; p f(*o)
h = {k: 1}; p f(*h)
def kw(*r, **k) = [r, k]
p kw(*[1, {z: 2}])
p [1,2,3].push(*a)
def m = yield(*[1, 2])
p m { |x, y| [x, y] }
p super_test = nil
class A; def t(*a) = a; end; class B < A; def t(*a) = super(*a); end
p B.new.t(*[4, 5])
