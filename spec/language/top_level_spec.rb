# The top-level object main and top-level methods
p self
p self.to_s
p self.class
def helper = :helper
p helper
p respond_to?(:helper, true)
p Object.private_method_defined?(:helper)
p [1].map { helper }
class Foo
  def call_helper = helper
end
p Foo.new.call_helper
TOP = :const
p Object.const_get(:TOP)
