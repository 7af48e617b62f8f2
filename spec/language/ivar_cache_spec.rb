# Instance variables through the per-site slot caches (get/set sites, attribute reader and
# writer call sites): singletons, subclasses, removal, frozen objects, non-Object receivers.
class P
  def initialize(x, y) = (@x = x; @y = y)
  def x = @x
  def sum = @x + @y
  def set(v) = (@z = v)
  def z = @z
end
a = P.new(1, 2); b = P.new(3, 4)
p a.sum, b.sum, a.z
b.set(5); p b.z, a.z
def b.extra = @x * 10
p b.extra, b.sum
a.remove_instance_variable(:@x); p a.x, a.instance_variables
class Q < P; def initialize = (@q = 1; super(7, 8)); end
q = Q.new; p q.sum, q.instance_variables
a.freeze
begin; a.set(1); rescue => e; p e.class; end
class Object; def ivx = @v; def ivs(v) = (@v = v); end
p 1.ivs(2) rescue p $!
s = "str"; s.ivs(3); p s.ivx
C = Class.new { def m = (@k = 1; @k) }
p C.new.m, Class.new(C).new.m
20.times.map { Class.new { def initialize = (@a = 1); def a = @a }.new.a }.uniq.then { p _1 }
class R; attr_accessor :a, :b; def initialize = (@b = 2); end
r = R.new; p r.a, r.b; r.a = 5; p r.a; r.b += 1; p r.b
r2 = R.new; def r2.a = 99; p r2.a, r2.b
r.freeze
begin; r.a = 1; rescue => e; p e.class, e.message[0, 22]; end
S = Struct.new(:m, :n); s = S.new(1, 2); p s.m, s.n; s.m = 4; p s
begin; R.new.a(1); rescue => e; p e.message; end
p R.new.send(:a), R.new.public_send(:b)
