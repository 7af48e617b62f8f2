# Calls whose one special argument is a splat of an Array: the elements are spread onto the
# stack in its place (no copy) and the call may run in the dispatch loop; other splats convert.
def f(a, b) = [a, b]
def g(*r) = r
def h(a, b = 2, *c) = [a, b, c]
x = [1, 2]
p f(*x), g(*x), g(*[]), h(*[1]), h(*[1, 2, 3, 4])
begin; f(*[1]); rescue => e; p e.message; end
class C; def to_a = [7, 8]; end
p f(*C.new), f(*nil.to_a, *[1, 2])
p f(0, *[5]), g(*"a"), g(*nil), g(*1..3)
def item_check(l, r) = l.nil? ? 1 : 1 + item_check(*l) + item_check(*r)
p item_check(*[[nil, nil], [[nil, nil], [nil, nil]]])
def kw(a, k: 1) = [a, k]
p kw(*[1]), kw(*[1], k: 3)
def blk(a) = yield(a)
p blk(*[4]) { |v| v * 2 }
arr = [1, 2]; def mut(a, b) = (a); p mut(*arr), arr
