# private_constant: reachable lexically, NameError as Scope::NAME, hidden from constants
class Foo
  BAR = 1
  private_constant :BAR
  def self.bar = BAR
end
p Foo.bar
begin; Foo::BAR; rescue NameError => e; p e.message, e.name; end
p Foo.constants
p Foo.const_defined?(:BAR)
