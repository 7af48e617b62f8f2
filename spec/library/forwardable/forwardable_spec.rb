require "forwardable"
class Q
  extend Forwardable
  p def_delegator(:@a, :size)
  p def_delegator(:@a, :first, :head)
  p def_delegators(:@a, :last, :push, :__send__)
  p delegate([:map, :each] => :@a, :join => :@a)
  p instance_delegate(:sum => :@a)
  def_delegator "@a.first", :succ, :first_succ
  def_delegator :itself_arr, :min
  def_delegator :@a, :secret
  def initialize; @a = [3, 1, 2]; end
  def itself_arr; @a; end
end
q = Q.new
p q.size, q.head, q.last, q.push(4), q.map { |x| x * 2 }, q.join("-"), q.sum, q.first_succ, q.min
p Q.instance_method(:size).arity, Q.instance_method(:size).parameters

class Array; private def secret = 42; end
p q.secret
module Single
  extend SingleForwardable
  p def_delegator :"Math", :sqrt
  def_delegators :@h, :[], :keys
  @h = {a: 1}
end
p Single.sqrt(16), Single[:a], Single.keys
o = Object.new
o.extend SingleForwardable
o.def_delegator :@x, :length
o.instance_variable_set(:@x, "abc")
p o.length
class R; extend Forwardable; def_delegator :@a, :fetch; def initialize; @a={}; end; end
class K; extend Forwardable; def_delegator :@h, :merge; def initialize; @h={a: 1}; end; end
p K.new.merge({b: 2})
def kw(a, b: 1) = [a, b]
class KW; extend Forwardable; def_delegator :@o, :kw; def initialize; @o = Object.new; def @o.kw(a, b: 1) = [a, b]; end; end
p KW.new.kw(1, b: 3)
class Ni; extend Forwardable; def_delegator :@n, :foo; end
begin; Ni.new.foo; rescue => e; p e.class, e.message; end
