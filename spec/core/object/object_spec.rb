# Object basics: new, to_s format, inspect of plain objects (shape only), ==, instance_of?
o = Object.new
p o.class
p o.to_s.length > 10
p o.to_s == o.inspect
p o == o.dup
p o.frozen?
p Object.new.methods.include?(:inspect)
class Named
  def initialize
    @a = 1
  end
end
s = Named.new.inspect
p s[0, 8]
p s[-6..]
class Empty; end
p Empty.new.to_s[0, 8]
p o.singleton_class.ancestors.drop(1).take(2)
p o.respond_to?(:to_s)
p o.is_a?(Kernel)
p o.instance_of?(Object)
