# instance_methods(false), method_defined?, public/private/protected method lists
class Shape
  def area = 0
  def name = "shape"
  protected def internal = 1
  private def secret = 2
end
class Square < Shape
  def area = 4
  def side = 2
end
p Shape.instance_methods(false).sort
p Square.instance_methods(false).sort
p Square.instance_methods.include?(:name)
p Square.instance_methods.include?(:secret)
p Shape.method_defined?(:area)
p Shape.method_defined?(:internal)
p Shape.method_defined?(:secret)
p Shape.private_method_defined?(:secret)
p Shape.protected_method_defined?(:internal)
p Shape.public_method_defined?(:area)
p Square.method_defined?(:name)
p Square.method_defined?(:name, false)
p Shape.private_instance_methods(false)
p Comparable.instance_methods.sort
p Square.instance_method(:area).owner
p Square.instance_method(:name).owner
module Empty; end
p Empty.instance_methods
