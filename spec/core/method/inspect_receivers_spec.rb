# Method#inspect names the class searched: a class's singleton class, "Recv(Attached).name" for a
# singleton method found from another receiver, "obj.name" for an object's own singleton method.
module M; def self.x = 1; end
class A; def self.k = 1; def i = 1; end
class B < A; end
p A.method(:k), B.method(:k), A.method(:new), M.method(:x), B.new.method(:i), B.instance_method(:i), M.method(:name), 1.method(:succ), nil.method(:to_a)
o = Object.new; def o.s = 1
p o.method(:s).inspect.sub(/0x\h+/, "X"), o.method(:to_s).inspect.sub(/0x\h+/, "X")
p A.method(:new).unbind, B.singleton_class.instance_method(:k)
