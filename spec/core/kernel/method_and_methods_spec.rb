# Kernel#method, #methods, #public_methods, #singleton_methods
class Widget
  def a = :a
  def b(x) = x
  private def c = :c
end
w = Widget.new
m = w.method(:b)
p m.call(5)
p m.arity
p m.name
p m.owner
p (w.methods - Object.instance_methods).sort
p (w.public_methods - Object.public_instance_methods).sort
p w.private_methods.include?(:c)
p w.singleton_methods
def w.extra = 1
p w.singleton_methods
p w.methods.include?(:extra)
p 1.method(:+).call(2)
p [3, 1, 2].method(:sort).call
um = Widget.instance_method(:a)
p um.class
p um.bind(w).call
p um.bind_call(w)
begin
  Widget.new.method(:nope)
rescue NameError => e
  puts "NameError: #{e.message}"
end
p w.method(:c).call
p method(:puts).owner
p method(:p).arity
