# instance_exec and class_exec pass only the given arguments (instance_eval and class_eval pass
# self); `def` inside an instance_eval block defines a singleton method of the receiver, also
# when the block is written inside a method.
p 5.instance_exec { |x| x }
p 5.instance_exec(2) { |x| self * x }
p 5.instance_eval { |x| x }
p Object.class_exec { |x| x }
p Object.class_exec(1, 2) { |a, b| [self, a, b] }
p Object.class_eval { |x| x }
l = -> { :lambda_without_params }
p instance_exec(&l)
p String.class_exec(&l)

class Holder
  def initialize
    @a = +"1703"
    @a.instance_eval do
      def abc = "abc on #{self}"
    end
  end

  def abc = @a.abc
end
p Holder.new.abc
p Holder.instance_method(:abc).owner
s = +"q"
s.instance_eval { def zz = 1 }
p s.zz, s.singleton_methods
p((+"other").respond_to?(:zz))
o = Object.new
o.instance_eval do
  def yy = 2
end
p o.yy, o.singleton_methods, Object.new.respond_to?(:yy)
begin
  1.instance_eval { def foo; end }
rescue TypeError => e
  p e.class, e.message
end
begin
  :sym.instance_eval { def foo; end }
rescue TypeError => e
  p e.class, e.message
end
class Blank < BasicObject; end
b = Blank.new
b.instance_eval { 1 }
begin
  b.nope
rescue NoMethodError => e
  puts e.message
end
pr = proc { def from_proc = :pr }
o2 = Object.new
o2.instance_eval(&pr)
p o2.from_proc, Object.new.respond_to?(:from_proc)
