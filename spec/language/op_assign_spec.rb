# Operator assignment in every form
a = 1
a += 2; p a
a -= 1; p a
a *= 5; p a
a /= 3; p a
a **= 3; p a
a %= 5; p a
a <<= 4; p a
a >>= 1; p a
a |= 1; p a
a &= 7; p a
a ^= 2; p a
s = "x"
s += "y"; p s
s *= 2; p s
n = nil
n ||= 5; p n
n ||= 6; p n
n &&= n + 1; p n
f = false
f &&= 1; p f
f ||= :set; p f
@iv ||= []; @iv << 1; @iv ||= :nope; p @iv
@cnt = 0
@cnt += 1; p @cnt
$gg ||= "g"; $gg += "!"; p $gg
C1 ||= 10; p C1
h = {}
h[:a] ||= 1; h[:a] ||= 2; p h
h[:b] = 0
h[:b] += 5; p h
h[:c] &&= 9; p h
arr = [1, 2, 3]
arr[0] += 10; arr[-1] *= 2; p arr
arr[5] ||= :far; p arr
class Obj
  attr_accessor :val
  def initialize = @val = nil
end
o = Obj.new
o.val ||= 1; p o.val
o.val += 4; p o.val
o.val &&= o.val * 2; p o.val
class Tracker
  def initialize = @h = {}
  def [](k)
    puts "get #{k}"
    @h[k]
  end
  def []=(k, v)
    puts "set #{k}=#{v}"
    @h[k] = v
  end
end
t = Tracker.new
t[:x] ||= 1
t[:x] ||= 2
t[:x] += 1
x = (y = 1) + (y += 1)
p [x, y]
