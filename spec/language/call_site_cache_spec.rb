# A call site that entered a Ruby method before enters it again at once, while the receiver's
# class and the method state are the same: every change that could make the call differ
# (redefinition, visibility, a new receiver class, other parameters) must still be seen.

class Pt
  def initialize(x, y)
    @x = x
    @y = y
  end

  def sum(k) = (@x + @y) * k
  def kw(left:, right: 10) = left - right
end

def call_sum(o, k) = o.sum(k)
def call_kw(o, a, b) = o.kw(left: a, right: b)

a = Pt.new(1, 2)
p 3.times.map { |i| call_sum(a, i) }
p 3.times.map { |i| call_kw(a, i, 1) }

# redefinition: the same site now enters the new method
class Pt
  def sum(k) = [@x, @y, k]
  def kw(right:, left:) = "#{left}/#{right}"
end
p call_sum(a, 5), call_kw(a, 7, 8)

# keywords in another order than declared, a **rest, a default left out
class Pt
  def kw(left:, right:, **rest) = [left, right, rest]
end
p call_kw(a, 1, 2)
class Pt
  def kw(left:, right: 3, extra: 4) = [left, right, extra]
end
p call_kw(a, 1, 2)

# another receiver class through the same site
class Other
  def sum(k) = "other #{k}"
  def kw(left:, right:) = { left => right }
end
p call_sum(Other.new, 9), call_kw(Other.new, :a, :b)
p call_sum(a, 1)

# visibility changed after the site cached the method
class Pt
  private :sum
end
begin
  call_sum(a, 2)
rescue NoMethodError => e
  p e.message
end
class Pt
  public :sum
end
p call_sum(a, 2)

# parameters the site's arguments no longer fit
class Pt
  def sum(k, j) = k + j
end
begin
  call_sum(a, 2)
rescue ArgumentError => e
  p e.message, e.backtrace.first[/'.*'/]
end
class Pt
  def sum(*ks) = ks
end
p call_sum(a, 4)
class Pt
  def sum(k = 0, &blk) = [k, blk]
end
p call_sum(a, 6)

# a method with a block, entered at once, deep enough to reuse frames many times
def walk(n, &blk) = n.zero? ? blk.call(n) : walk(n - 1, &blk) + 1
def count(n) = n.zero? ? 0 : count(n - 1) + 1
p count(500), walk(300) { |x| x + 100 }, count(2000)

# a site calling a method that raises, rescued in between, then called again
class Boom
  def go(n) = n > 2 ? raise("boom #{n}") : n
end
b = Boom.new
p (0..4).map { |i| begin; b.go(i); rescue => e; e.message; end }

# methods redefined while one of them is running keep running their own code
class Pt
  def again(n)
    if n > 0
      Pt.class_eval { def again(n) = "new #{n}" }
      [again(n - 1), n]
    else
      :old
    end
  end
end
p a.again(2), a.again(1)
