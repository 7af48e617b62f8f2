# Constants: definition, scoping with ::, reassignment warning-free access
X = 1
p X
module Outer
  X = 2
  Y = X + 10
  class Inner
    Z = X * 100
    def self.z = Z
    def self.top_x = ::X
  end
end
p Outer::X
p Outer::Y
p Outer::Inner::Z
p Outer::Inner.z
p Outer::Inner.top_x
p Outer.const_get(:Y)
p defined?(Outer::Nope)
p defined?(Outer::X)
begin
  Outer::Nope
rescue NameError => e
  puts "#{e.class}: #{e.message}"
end
begin
  Nope
rescue NameError => e
  puts "#{e.class}: #{e.message}"
end
Outer::NEW = :added
p Outer::NEW
p Outer::Inner.name
LIST = [1, 2]
LIST << 3
p LIST
p Math::PI.class
p Object::X
