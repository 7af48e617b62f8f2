# Methods made by define_method: parameters (the block's, read as a lambda's), source_location
# (for Method and UnboundMethod), and the RuntimeError of a zero-argument super in them.
klass = Class.new do
  define_method(:greet) { |name = "you", *rest, k: 1, &blk| "hi #{name} #{rest} #{k} #{blk&.call}" }
  define_method(:req) { |a, b| a + b }
  define_method(:none) { 1 }
  define_method(:sym, &:upcase)
  def normal(x, y = 2) = x
end
o = klass.new
p o.greet, o.greet("bob", 1, 2, k: 3) { :b }
p klass.instance_method(:greet).parameters, klass.instance_method(:req).parameters
p klass.instance_method(:none).parameters, o.method(:req).parameters, klass.instance_method(:sym).parameters
p klass.instance_method(:normal).parameters
loc = klass.instance_method(:greet).source_location
p loc[0].end_with?("define_method_reflection_spec.rb"), loc[1]
p o.method(:req).source_location[1], klass.instance_method(:normal).source_location[1]
p 5.method(:+).source_location, Array.instance_method(:size).source_location

class Base
  def ws(x = 0) = "base #{x}"
end
class Kid < Base
  define_method(:ws) { |x = 1| "kid+" + super(x) }
end
p Kid.new.ws
class Grandkid < Kid
  define_method(:ws) { |x = 2| super }
end
begin
  Grandkid.new.ws
rescue RuntimeError => e
  p e.class, e.message
end
class Blocky < Base
  define_method(:ws) { |x = 3| [1].map { super }.first }
end
begin
  Blocky.new.ws
rescue RuntimeError => e
  p e.message
end
class Plain < Base
  def ws(x = 4) = [1].map { super }.first
end
p Plain.new.ws
