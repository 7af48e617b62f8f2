# Pushes of two locals or a local and an ivar, and `a * b` of two locals, fused by
# compiler/fuse.rs: the values, overflow to Bignum, Floats, mixed operands, an unset ivar, a
# jump landing between the two pushes, and a redefined Integer#*.

class Acc
  def initialize(v)
    @v = v
  end

  def sum_with(x)
    total = 0
    3.times { total += 1 }
    total + x + @v
  end

  def pair(x) = [x, @v, @unset, x]
  def rpair(x) = [@v, x, @unset]
  def scaled(k) = @v * k
end

a = Acc.new(10)
p a.sum_with(5)
p a.pair(1)
p a.rpair(2)
p a.scaled(3)

x = 6
y = 7
p x * y
big = 2**40
p big * big
p big * x
f = 1.5
g = 2.25
p f * g
p f * x
p x * f
r = Rational(1, 3)
p r * x
s = "ab"
p s * x
p [x, y]
m = -4
p m * y
p 0 * m

# both operands locals in a loop (the fused instruction runs many times)
acc = 0
i = 0
while i < 5
  acc += i * i
  i += 1
end
p acc

# a jump landing on the second push of a pair: the ternary's branches share a tail
def pick(c, u, v)
  w = c ? u : v
  [w, u]
end
p pick(true, 1, 2)
p pick(false, 1, 2)

# a redefined Integer#* is honoured
class Integer
  alias_method :orig_mult, :*
  def *(o) = "mult(#{self}, #{o})"
end
p x * y
class Integer
  alias_method :*, :orig_mult
end
p x * y

# two outer locals read one after the other (get_env pairs), open and closed environments,
# from different levels
def make_counter
  a = 1
  b = 10
  [1, 2].each do |i|
    c = i
    [3].each { |j| p [a, b, c, j, a + b] }
  end
  -> { a += 1; [a, b] }
end
counter = make_counter
p counter.call
p counter.call
