# Operators the VM computes inline (opt_plus, opt_lt_local_int, ...) must behave exactly like
# the method calls they stand for: overflow into big integers, Floats, other receivers, and a
# program that redefines or prepends an operator.
def sum_below(n)
  i = 0
  s = 0
  while i < n
    s += i
    i += 1
  end
  s
end
p sum_below(10)

def cmp(a, b)
  [a < b, a <= b, a > b, a >= b, a == b, a + b, a - b]
end
p cmp(1, 2), cmp(2, 2), cmp(3, 2)
p cmp(1.5, 2), cmp(2.0, 2), cmp(2**64, 1)
p(("a".."b").map { |c| [c < "b", c == "b"] })
x = 2**62 - 1
y = 1
p x + y, x + 1, -x - 2, y - x
big = 2**70
p big > x, x < big, big == big
a = 1.5
p a + 1, a < 2, a == 1.5, a - 1
s = "ab"
p s == "ab", s + "c"
arr = [1, 2]
p arr == [1, 2], arr[1]
n = nil
p n == nil, n == 1
k = 0
k += 1 while k < 5
p k
m = 10
m -= 3 until m < 0
p m
begin
  t = nil
  t + 1
rescue NoMethodError => e
  puts e.message
end
begin
  q = 3
  q < "x"
rescue ArgumentError => e
  puts e.message
end

class Integer
  alias_method :old_plus, :+
  def +(o) = old_plus(o).old_plus(100)
end
p sum_below(3)
i = 3
p i + 1, 2 + 2
module LessIsMore
  def <(o) = :lt
end
class Integer
  prepend LessIsMore
end
p i < 1, 5 < 9
class Integer
  def ==(o) = :eq
end
p i == 3
