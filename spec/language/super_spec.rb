# super with and without arguments, through modules, in class methods
class Base
  def greet(name = "world", punct: "!") = "Hello, #{name}#{punct}"
  def args(*a, **k, &b) = [a, k, b&.call]
  def self.create = "Base.create"
  def only_base = :only_base
end
class Child < Base
  def greet(name = "child", punct: "?")
    "[" + super + "]"
  end
  def args(a, b = 2, *rest, k: 1)
    ["zsuper", super, "explicit", super(a), "empty", super()]
  end
  def self.create = "Child via #{super}"
end
c = Child.new
p c.greet
p c.greet("bob")
p c.greet("bob", punct: ".")
p c.args(1)
p c.args(1, 5, 6, k: 7)
p Child.create
module Loud
  def greet(*) = super.upcase
end
class Child2 < Base
  include Loud
  def greet(name = "c2") = "c2:" + super
end
p Child2.new.greet
p Child2.ancestors.take(3)
class Blocky < Base
  def args(*) = super
end
p Blocky.new.args(1, 2) { :blk }
class Modifying < Base
  def greet(name)
    name = "changed"
    super
  end
end
p Modifying.new.greet("orig")
class NoSuper
  def m = super
end
begin
  NoSuper.new.m
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
class InitBase
  attr_reader :log
  def initialize(x)
    @log = ["base #{x}"]
  end
end
class InitChild < InitBase
  def initialize(x, y)
    super(x)
    @log << "child #{y}"
  end
end
p InitChild.new(1, 2).log
class WithBlock < Base
  def args(x)
    super(x) { :passed_block }
  end
end
p WithBlock.new.args(9)
p(Class.new(Base) { define_method(:greet) { |n| super(n) + "(dm)" } }.new.greet("x"))
