# Refinements: Module#refine, main.using and Module#using, lookup through the lexical scope.
module StrExt
  refine String do
    def shout = upcase + "!"
    def twice = shout * 2
    def length = super + 100
  end
end

p "a".respond_to?(:shout)
begin
  "a".shout
rescue NoMethodError => e
  puts e.message
end

class BeforeUsing
  def self.try(s) = s.shout
end

using StrExt
p "hi".shout, "hi".twice, "abc".length
p "x".respond_to?(:shout)
begin
  BeforeUsing.try("q")
rescue NoMethodError => e
  puts e.message
end

def after_using(s) = s.shout
p after_using("late")
p %w[a b].map { |w| w.shout }

class SubStr < String; end
p SubStr.new("sub").shout

module IntExt
  refine Integer do
    def double = self * 2
    def +(o) = "plus(#{self}, #{o})"
  end
end

module Scoped
  p((1 + 2))
  using IntExt
  p 5.double, (1 + 2)
  class Inner
    def self.go = 7.double
  end
  p Inner.go
end
p 1 + 2
p(begin; 3.double; rescue NoMethodError => e; e.message; end)

refinement = StrExt.refinements.first
p refinement.class, refinement.target
p refinement
p StrExt.refinements.size

module EnumExt
  refine Enumerable do
    def my_sum = inject(0) { |a, b| a + b }
  end
end
using EnumExt
p [1, 2, 3].my_sum, (1..4).my_sum

module M2
  refine Array do
    def second = self[1]
  end
  refine Hash do
    def keys_s = keys.map(&:to_s)
  end
end
using M2
p [1, 2, 3].second, {a: 1}.keys_s

begin
  Module.new { refine(3) {} }
rescue TypeError => e
  puts e.message
end
begin
  Module.new { refine(String) }
rescue ArgumentError => e
  puts e.message
end
def in_method
  using StrExt
rescue RuntimeError => e
  puts e.class, e.message
end
in_method

module Twice
  refine String do
    def tag = "first"
  end
  refine String do
    def tag2 = tag + "+second"
  end
end
using Twice
p "z".tag2, Twice.refinements.size

class Base
  def hello = "base hello"
end
module BaseExt
  refine Base do
    def hello = "refined " + super
  end
end
using BaseExt
p Base.new.hello
