# Instance variables a class's other objects set first: each object answers only for the ones
# it set itself (instance_variables, defined?, instance_variable_get, inspect, remove, dup,
# Marshal), whatever order they were set in.
class Point
  def initialize(x, y, extra = false)
    @x = x
    @y = y
    @z = 0 if extra
  end
  attr_reader :x, :y, :z
  def late!
    @late = :yes
  end
end
a = Point.new(1, 2, true)
a.late!
b = Point.new(3, 4)
p b.instance_variables, a.instance_variables
p b.z, b.instance_variable_get(:@late), b.instance_variable_defined?(:@z)
p defined?(b.z), b.instance_variable_defined?(:@y)
p b.inspect.sub(/0x\h+/, "X")
c = Point.new(5, 6)
c.late!
p c.instance_variables, c.inspect.sub(/0x\h+/, "X")
p c.remove_instance_variable(:@x), c.instance_variables, c.x
d = b.dup
p d.instance_variables, d.x
m = Marshal.load(Marshal.dump(c))
p m.instance_variables, m.late!, m.instance_variables
p b == b.dup, b.frozen?
b.instance_variable_set(:@z, 9)
p b.instance_variables, b.z
class Empty; end
e = Empty.new
p e.instance_variables
e.instance_variable_set(:@q, 1)
f = Empty.new
p f.instance_variables, f.instance_variable_get(:@q)
