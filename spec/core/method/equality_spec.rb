# Method#== / eql? / hash and UnboundMethod#==: same receiver, owner and definition (aliases too).
class EqA
  def foo; 1; end
  alias bar foo
  def baz; 1; end
  attr_reader :x
end
class EqB < EqA
end
a = EqA.new
b = EqA.new
p a.method(:foo) == a.method(:foo)
p a.method(:foo).eql?(a.method(:foo))
p a.method(:foo).hash == a.method(:foo).hash
p a.method(:foo) == a.method(:bar)
p a.method(:foo) == a.method(:baz)
p a.method(:foo) == b.method(:foo)
p a.method(:x) == a.method(:x)
p a.method(:foo) == EqA.instance_method(:foo)
p a.method(:foo) == 1
p EqA.instance_method(:foo) == EqA.instance_method(:foo)
p EqA.instance_method(:foo) == EqA.instance_method(:bar)
p EqA.instance_method(:foo).hash == EqA.instance_method(:foo).hash
p [1].method(:map) == [1].method(:map)
p 1.method(:+) == 1.method(:+)
p 1.method(:+) == 2.method(:+)
h = { a.method(:foo) => 1 }
p h[a.method(:foo)]
