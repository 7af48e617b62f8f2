# is_a? / kind_of? / instance_of? / nil? / class
module Mod; end
class Parent; include Mod; end
class Child < Parent; end
c = Child.new
p c.is_a?(Child), c.is_a?(Parent), c.is_a?(Mod), c.is_a?(Object), c.is_a?(BasicObject), c.is_a?(Kernel)
p c.kind_of?(Parent)
p c.instance_of?(Child), c.instance_of?(Parent)
p 1.is_a?(Integer), 1.is_a?(Numeric), 1.is_a?(Comparable), 1.is_a?(Float)
p 1.5.kind_of?(Numeric)
p nil.is_a?(NilClass), nil.nil?, 1.nil?, false.nil?
p [].is_a?(Enumerable), {}.is_a?(Enumerable), (1..2).is_a?(Enumerable)
p "s".is_a?(Comparable)
p Child.is_a?(Class), Child.is_a?(Module), Mod.is_a?(Class)
p 1.class, 1.0.class, nil.class, true.class, false.class, :s.class, "s".class, [].class, {}.class, (1..2).class
p (2**100).class
p -> {}.class, proc {}.class, method(:puts).class
p Class.class, Module.class, Object.class, BasicObject.superclass
begin
  c.is_a?(1)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
