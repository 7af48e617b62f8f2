# class_eval / module_eval / instance_eval / class_exec with blocks
class Target; end
Target.class_eval do
  def added = :added
  attr_accessor :prop
end
t = Target.new
p t.added
t.prop = 5
p t.prop
r = Target.class_eval { self }
p r
p Target.class_eval { 1 + 1 }
Target.module_eval do
  def via_module_eval = :me
end
p t.via_module_eval
p t.instance_eval { @prop }
p Target.instance_eval { self }
Target.instance_eval do
  def class_level = :class_level
end
p Target.class_level
Target.class_exec(7) do |n|
  define_method(:seven) { n }
end
p t.seven
p "str".instance_eval { length }
p t.instance_exec(2) { |m| @prop * m }
module Mixin; end
Mixin.module_eval { def mixed = :mixed }
Target.include(Mixin)
p t.mixed
