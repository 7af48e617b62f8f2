# Module#const_added: called with the name after a constant is set in the module (assignment,
# class and module definitions, const_set), not for reassignments' warnings' sake only
class Foo
  def self.const_added(name)
    p [:added, self, name, const_defined?(name, false)]
    super
  end
  BAR = 1
  class Baz; end
  module Qux; end
  class Baz; end
end
Foo.const_set(:SET, 2)
Foo::VIA = 3
p Foo.private_methods.include?(:const_added), Module.private_instance_methods.include?(:const_added)
module Tracker
  def self.const_added(n) = (@seen ||= []) << n
  A = 1
  B, C = 2, 3
  def self.seen = @seen
end
p Tracker.seen
class Other; X = 1; end
p :done
