# The method_removed/method_undefined hooks of a module (remove_method, undef_method, undef) and
# singleton_method_removed/_undefined of an object, with their default no-op methods.
module Hooks
  def self.method_removed(n) = puts("removed #{n}")
  def self.method_undefined(n) = puts("undefined #{n}")
  def a; end
  def b; end
  def c; end
  remove_method :a
  undef_method :b
  undef c
end
o = Object.new
def o.singleton_method_removed(n) = puts("s-removed #{n}")
def o.singleton_method_undefined(n) = puts("s-undefined #{n}")
def o.x; end
def o.y; end
o.singleton_class.send(:remove_method, :x)
o.singleton_class.send(:undef_method, :y)
class Plain; def m; end; remove_method :m; end
p Module.private_instance_methods(false).grep(/^method_/).sort
p BasicObject.private_instance_methods(false).grep(/removed|undefined|added/).sort
