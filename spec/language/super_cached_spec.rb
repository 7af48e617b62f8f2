# super through the site's cache and the dispatch loop: zero-argument super passes the current
# values of the parameters and the frame's block; the cache follows redefinition; natives,
# method_missing, blocks and define_method take the general path.
class A
  def f(x) = "A#{x}"
  def g(x, y) = [x, y, block_given? ? yield(x) : nil]
  def to_s = "A!"
  private def priv(x) = "priv#{x}"
  def h(x) = x * 2
end
module M
  def f(x) = "M(" + super + ")"
end
class B < A
  include M
  def f(x)
    x = x + 1
    "B" + super
  end
  def g(x, y) = super
  def to_s = super + "?"
  def priv(x) = super(x + 1)
  def h(x)
    [1, 2].map { |i| super(i) }
  end
end
class C < B
  def f(x) = "C" + super(x * 10)
  def g(x, y) = super(y, x) { |v| v * 100 }
end
b = B.new
p b.f(1), b.g(1, 2), b.g(3, 4) { |v| v + 1 }, b.to_s, b.send(:priv, 1), b.h(0)
c = C.new
p c.f(1), c.g(1, 2)
3.times { |i| p c.f(i) }
class A
  def f(x) = "A2#{x}"
end
p c.f(5)
o = Object.new
def o.inspect = "obj:" + super[0, 9]
p o.inspect.start_with?("obj:#<Obj")
class D
  def method_missing(n, *a) = "mm #{n} #{a}"
  def respond_to_missing?(*) = true
end
class E < D
  def zed(a) = super
end
p E.new.zed(4)
class F
  def initialize(a, b)
    @a = a
    @b = b
  end
  attr_reader :a, :b
end
class G < F
  def initialize(a, b)
    super
    @c = a + b
  end
  attr_reader :c
end
g = G.new(1, 2)
p [g.a, g.b, g.c]
10.times { G.new(1, 2) }
class H < F
  define_method(:initialize) { |a, b| super(a, b); @d = 1 }
end
p H.new(3, 4).a
class I < A
  def f(x)
    super
  rescue => e
    e.class
  end
end
p I.new.f(9)
class J < A
  def h(x) = super(x) + super(x + 1)
end
p J.new.h(1)
class K < A
  def f(x) = yield(super)
end
p K.new.f(2) { |s| s + "k" }
def deep(n) = n.zero? ? 0 : 1 + deep(n - 1)
class L < A
  def h(x) = x > 0 ? super(x - 1) + h(x - 1) : 0
end
p L.new.h(5)
begin
  Class.new(A) { def nope(x) = super }.new.nope(1)
rescue NoMethodError => e
  p e.message.sub(/0x\h+/, "X")
end
