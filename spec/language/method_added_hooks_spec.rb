class A
  def self.method_added(m) = puts("added #{m}")
  def self.singleton_method_added(m) = puts("sadded #{m}")
  def foo; end
  define_method(:bar) { }
  def self.baz; end
end
o = Object.new
def o.singleton_method_added(m) = puts("obj #{m}")
def o.x; end
