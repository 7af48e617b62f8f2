# defined? on every kind of expression
a = 1
@iv = 2
$gv = 3
class Klass
  @@cv = 4
  def self.cv = defined?(@@cv)
  def m = defined?(super)
  def to_s = defined?(super)
end
p defined?(a)
p defined?(zz)
p defined?(@iv)
p defined?(@nope)
p defined?($gv)
p defined?($nope)
p defined?(Klass)
p defined?(Nope)
p defined?(Klass.cv)
p Klass.cv
p defined?(puts)
p defined?(nope_method)
p defined?(String.new)
p defined?(3 + 3)
p defined?(a = 5)
p defined?(yield)
p defined?(self)
p defined?(nil)
p defined?(true)
p defined?(false)
p defined?(1)
p defined?("str")
p defined?([])
p defined?({})
p defined?(Klass.new.m)
p Klass.new.m
p Klass.new.to_s
p defined?(a && b)
p defined?(@iv = 1)
p defined?(Math::PI)
p defined?(Math::NOPE)
p defined?(nil.nope)
p defined?(1.succ)
p defined?(:sym)
p defined?(__method__)
p defined?(-> {})
def blk_check = defined?(yield)
p blk_check
p blk_check { }
p defined?(x = 1)
p x
p defined?(Object.new.private_methods)
p defined?(Klass.new.initialize)
