# Method calls: splats, keyword splats, implicit hashes, chaining, self, ==/!= dispatch
def m(*args, **kw, &b) = [args, kw, b ? b.call : nil]
arr = [1, 2]
h = { k: 3 }
p m(*arr)
p m(0, *arr, 9)
p m(**h)
p m(*arr, **h)
p m(h)
p m({ "s" => 1 })
p m("s" => 1)
p m(a: 1, "b": 2)
p m(*[])
p m(**{})
p m(&nil)
p m(&-> { :lam })
p m(1,
    2)
p [3, 1, 2]
  .sort
  .map { _1 * 2 }
  .reverse
p [1, 2, 3].
  sum
class Chain
  def initialize = @log = []
  def a = (@log << :a; self)
  def b = (@log << :b; self)
  def log = @log
  def self_call = self.a.b.log
  def implicit = a.b.log
end
p Chain.new.a.b.a.log
p Chain.new.self_call
p Chain.new.implicit
class Ne
  def ==(o) = true
end
p Ne.new != 1
p Ne.new == 1
def optional_parens a, b = 2
  a + b
end
p optional_parens 1
p(optional_parens(1, 3))
def ret_self = self
p ret_self.equal?(self)
p self.to_s
p self.inspect
p self.class
def question? = true
def bang! = :bang
def setter=(v)
  @set = v
end
p question?
p bang!
self.setter = 4
p @set
