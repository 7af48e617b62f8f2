# Calls and ivar stores whose last push is fused with them (compiler/fuse.rs): `push_self; send`,
# `get_local; send` and `get_local; set_ivar_pop` must behave exactly as the unfused pair,
# including the line a backtrace reports and the slow paths (misses, errors, redefinitions).

def helper = :helper_result
def raiser
  raise ArgumentError, "from raiser"
end

class Point
  attr_reader :x
  def initialize(x, y)
    @x = x
    @y = y
  end

  def y = @y

  def move(dx)
    nx = @x + dx
    @x = nx
    self
  end
end

p helper
p itself.class
p(Point.new(1, 2).move(3).x)

# a call on a local with no arguments, and one whose last argument is a local
s = "abc"
p s.upcase
n = 4
p [1, 2, 3].first(n)
p Integer.sqrt(n)

# the backtrace names the line of the call, on both kinds of fused send
begin
  raiser
rescue => e
  p e.backtrace[0..1].map { |l| l.sub(/^.*?:(\d+):/, 'line \1:') }
end
z = nil
begin
  z.no_such_method
rescue NoMethodError => e
  p e.message
  p e.backtrace[0].sub(/^.*?:(\d+):.*/, 'line \1')
end
begin
  [].fetch(
    n
  )
rescue IndexError => e
  p e.message
  p e.backtrace[0..1].map { |l| l.sub(/^.*?:(\d+):/, 'line \1:') }
end

# an ivar store whose cache misses (a new class), or that raises (frozen)
class Other
  def initialize(v)
    @y = v
    @x = v
  end
  attr_reader :x, :y
end
o = Other.new(7)
p [o.x, o.y]
pt = Point.new(5, 6).freeze
begin
  pt.move(1)
rescue FrozenError => e
  p e.class
  p e.backtrace[0].sub(/^.*?:(\d+):.*/, 'line \1')
end
p pt.x

# a rescue covering only the fused call
def safe(v)
  v.fetch(10)
rescue IndexError
  :rescued
end
p safe([1])

# a method redefined between calls through the same fused site
class Point
  def report = "first"
end
pt2 = Point.new(0, 0)
2.times do |i|
  p pt2.report
  Point.class_eval { def report = "second" }
end

# method_missing and a block on a fused call
class Ghost
  def method_missing(name, *args) = [:missing, name, args]
  def respond_to_missing?(*) = true
end
g = Ghost.new
p g.anything
q = 3
p g.other(q)
p [1, 2, 3].map { |v| v * q }
total = 0
[1, 2].each { |v| total += v }
p total

# a call on a constant: the constant's lookup can fail (NameError at that line) or be
# answered by const_missing, and a constant reassigned later is read afresh
p Point.new(2, 3).y
begin
  NoSuchConstant.new
rescue NameError => e
  p e.message
  p e.backtrace[0].sub(/^.*?:(\d+):.*/, 'line \1')
end
class Module
  def const_missing(name) = name == :Lazy ? String : super
end
p Lazy.new("made")
Cfg = [1, 2]
def cfg_size = Cfg.size
p cfg_size
Object.send(:remove_const, :Cfg)
Cfg = [1, 2, 3]
p cfg_size
