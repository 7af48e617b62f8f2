# Method objects: call, to_proc, arity, owner, name, receiver, unbind, ===
class Calc
  def initialize(base) = @base = base
  def add(x) = @base + x
  def varargs(*a, k: 1) = a.sum * k
end
c = Calc.new(10)
m = c.method(:add)
p m.call(5)
p m.(5), m[5]
p m.arity
p m.name
p m.owner
p m.receiver.equal?(c)
p m.to_proc.call(1)
p m.to_proc.lambda?
p [1, 2, 3].map(&m)
p c.method(:varargs).arity
p c.method(:varargs).call(1, 2, k: 3)
p c.method(:varargs).parameters
u = m.unbind
p u.class
p u.bind(Calc.new(100)).call(1)
p 5.method(:+).owner
p 5.method(:+).call(1)
p [].method(:push).arity
p "x".method(:upcase).receiver
p m === 1
p method(:print).owner
p method(:p).name
p Calc.instance_method(:add).bind_call(Calc.new(1), 1)
p c.public_method(:add).call(0)
def top_m(a, b) = a * b
tm = method(:top_m)
p tm.call(3, 4)
p tm.owner
p [[1, 2], [3, 4]].map { tm.call(*_1) }
p (m >> ->(x) { x * 2 }).call(1)
p (m << ->(x) { x * 2 }).call(1)
p m.source_location.class
p m.inspect
