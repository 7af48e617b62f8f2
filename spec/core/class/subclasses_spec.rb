# Class#subclasses, #superclass chains, instance_methods on class objects
class Root; end
class Left < Root; end
class Right < Root; end
class LeftChild < Left; end
p Root.subclasses.sort_by(&:name)
p Left.subclasses
p LeftChild.subclasses
chain = []
k = LeftChild
while k
  chain << k
  k = k.superclass
end
p chain
p Root.instance_of?(Class)
p Root.class.class
