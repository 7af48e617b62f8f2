# Methods with optional, rest and post parameters bind their arguments in place (required,
# given optionals, nils and defaults for the rest, the rest Array, the post arguments).
def f(a, b = a + 1, *r, c, d) = [a, b, r, c, d]
p f(1, 2, 3), f(1, 2, 3, 4), f(1, 2, 3, 4, 5, 6)
def g(a, b = 5, c = b * 2) = [a, b, c]
p g(1), g(1, 2), g(1, 2, 3)
begin; g; rescue => e; p e; end
begin; g(1,2,3,4); rescue => e; p e; end
def h(*r) = r
p h, h(1), h(1, *[2, 3])
def k(a, *) = a
p k(1, 2, 3)
def m(x, (y, z), w = 1) = [x, y, z, w]
p m(1, [2, 3]), m(1, [2, 3], 4)
o = Object.new
def o.each(*a, &b) = [a, b&.call]
p o.each(1) { 9 }
pr = proc { |a, b = 2, *c| [a, b, c] }
p pr.call(1), pr.call([1, 3, 4])
l = ->(a, b = 2, *c) { [a, b, c] }
p l.(1), l.(1, 5, 6)
