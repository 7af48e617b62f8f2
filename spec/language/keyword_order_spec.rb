# Keyword arguments passed in the order the method declares them, in another order, with some
# left to their defaults, with a block parameter, **rest, and defaults that read earlier
# keywords: every call binds the same values.
def add(left:, right:) = left + right
def opt(a:, b: a * 2, c: b + 1) = [a, b, c]
def blk(x:, y:, &b) = [x, y, b ? b.call : :none]
def rest(p, q:, **r) = [p, q, r]
def mixed(a, b = 5, *c, d:, e: 0) = [a, b, c, d, e]

p add(left: 1, right: 2), add(right: 2, left: 1)
p opt(a: 1), opt(a: 1, b: 1), opt(a: 1, b: 1, c: 0), opt(c: 9, a: 3), opt(b: 0, a: 2)
p blk(x: 1, y: 2), blk(x: 1, y: 2) { :given }, blk(y: 2, x: 1) { :swapped }
p rest(0, q: 1), rest(0, q: 1, z: 2), rest(0, z: 2, q: 1)
p mixed(1, d: 2), mixed(1, 2, 3, 4, d: 5, e: 6), mixed(1, e: 6, d: 5)
h = {left: 10, right: 20}
p add(**h), add(**h, left: 0)
begin
  add(left: 1)
rescue ArgumentError => e
  p e.message
end
begin
  add(left: 1, right: 2, middle: 3)
rescue ArgumentError => e
  p e.message
end
def deep(n, acc:, step:) = n.zero? ? acc : deep(n - 1, acc: acc + step, step: step)
p deep(1000, acc: 0, step: 3)
r = 0
200.times { |i| r += add(left: i, right: 1) }
p r
