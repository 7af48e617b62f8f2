# An attribute reader or writer a call site found before runs without a call: visibility,
# redefinition, singleton methods, other receivers at one site, unset variables, frozen objects
class A
  attr_reader :x, :y
  def initialize = (@x = 1)
  private attr_reader :priv
  def via_self = self.priv
  def bare = priv
end
a = A.new
3.times { p a.x, a.y }
begin; a.priv; rescue NoMethodError => e; p e.message; end
p a.via_self, a.bare
class A; def x = :redefined; end
p a.x
def a.y = :singleton
p a.y
b = A.new
b.instance_variable_set(:@y, 5)
p b.y
s = Struct.new(:m).new(7)
3.times { p s.m }
arr = [A.new, s, A.new]
arr.each { |o| p o.respond_to?(:x) ? o.x : o.m }
class C; attr_reader :v; def initialize(v) = @v = v; end
p [C.new(1), C.new(nil)].map(&:v)
o = Object.new
class << o; attr_reader :q; end
o.instance_variable_set(:@q, 9)
p o.q
class A
  attr_accessor :x
  private attr_writer :pw
  def set_pw(v) = (self.pw = v)
  def pw_val = @pw
end
a = A.new
3.times { |i| a.x = i; p a.x }
r = (a.x = 10)
p r, a.x
begin; a.pw = 1; rescue NoMethodError => e; p e.message; end
a.set_pw(5); p a.pw_val
a.freeze
begin
  a.x = 3
rescue => e
  p e.class, e.message.sub(/0x\h+/, "X"), e.backtrace.first
end
b = A.new
objs = [b, A.new, Struct.new(:x).new(0)]
3.times { objs.each { |o| o.x = (o.x || 0) + 1 } }
p objs.map(&:x)
class A; def x=(v); @x = v * 100; end; end
b.x = 2
p b.x
h = A.new
def h.x=(v); @x = -v; end
h.x = 4
p h.x
