require "delegate"
p Delegator::VERSION rescue p $!
p Delegator.public_instance_methods(false).sort
p Delegator.private_instance_methods(false).sort
p SimpleDelegator.public_instance_methods(false).sort
s = SimpleDelegator.new([1,2,3])
p s.size, s, s.inspect, s.to_s, s == [1,2,3], s.eql?([1,2,3]), s.equal?(s), s.class, s.is_a?(Array)
p s.__getobj__
s.__setobj__("str")
p s.upcase, s.respond_to?(:upcase), s.respond_to?(:nope), s.method(:upcase).call
begin; s.nope; rescue => e; p e.class, e.message; end
begin; s.__setobj__(s); rescue => e; p e.class, e.message; end
p s.methods.include?(:upcase), s.public_methods(false).size > 0
p (s != "str"), !s
class Wrap < SimpleDelegator
  def extra = "extra #{size}"
  def size = super + 100
end
w = Wrap.new("abc")
p w.extra, w.size, w.length
Arr = DelegateClass(Array)
class MyArr < DelegateClass(Array)
  def initialize(a) = super(a)
  def second = self[1]
end
m = MyArr.new([5,6,7])
p m.second, m.map { _1 + 1 }, m.class.superclass.class, MyArr.ancestors.take(3).map(&:to_s).size
p MyArr.instance_method(:map).owner.class
p MyArr.public_instance_methods.include?(:push)
p m.frozen?, m.dup.__getobj__.equal?(m.__getobj__), m.clone.__getobj__.equal?(m.__getobj__)
f = SimpleDelegator.new("x").freeze
p f.frozen?
p SimpleDelegator.new(nil).nil? rescue p $!
begin; SimpleDelegator.new(1).private_m; rescue => e; p e.class, e.message; end
class Object; private def priv_m = 1; end
begin; SimpleDelegator.new(1).priv_m; rescue => e; p e.class, e.message; end
p SimpleDelegator.new(5).method_missing(:succ) rescue p $!
d = SimpleDelegator.new(3)
p d + 1, 1 + (d rescue 0) rescue p $!
p d.instance_of?(SimpleDelegator), d.kind_of?(Integer)
p d.hash == 3.hash
p Delegator.instance_method(:method_missing).owner
p Kernel.instance_method(:send) rescue 1
p d.frozen?
p SimpleDelegator.new([3,1]).sort, SimpleDelegator.new({a: 1}).to_h
p (SimpleDelegator.new([1]) <=> [1]) rescue p $!
p Delegator.superclass
