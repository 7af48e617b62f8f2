# Module#name / #to_s / #inspect for named, nested and anonymous modules
module Outer
  class Inner; end
  module Deep; class Deeper; end; end
end
p Outer.name
p Outer::Inner.name
p Outer::Deep::Deeper.name
p Outer::Inner.to_s
puts Outer::Deep::Deeper
p String.name
p Comparable.name
p Class.new.name
p Module.new.name
Later = Class.new
p Later.name
m = Module.new
Outer.const_set(:Dyn, m)
p m.name
p Math::DomainError.name
p Integer.inspect
