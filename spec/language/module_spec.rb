# Modules: include, extend, prepend, ancestors, module methods, nesting
module Walk
  def move = "#{name} walks"
  def kind = :walker
end
module Swim
  def move = "#{name} swims, then " + super
end
class Duck
  include Walk
  include Swim
  attr_reader :name
  def initialize(n) = @name = n
end
d = Duck.new("donald")
p d.move
p d.kind
p Duck.ancestors.take(4)
p Duck.include?(Walk)
p Duck.new("x").is_a?(Swim)
p Walk === d
module Tagged
  def tag = "tag:#{self}"
end
s = "obj"
s.extend(Tagged)
p s.tag
module Pre
  def hello = "pre(" + super + ")"
end
class Greeter
  prepend Pre
  def hello = "hello"
end
p Greeter.new.hello
p Greeter.ancestors.take(2)
module Outer
  module Inner
    def self.where = Module.nesting
  end
end
p Outer::Inner.where
p Outer::Inner.name
module Counter
  def self.extended(base) = (@ext ||= []) << base.class
  def self.included(base) = (@inc ||= []) << base
  def self.log = [@ext, @inc]
  def count = 1
end
class UsesCounter
  include Counter
end
Object.new.extend(Counter)
p Counter.log
begin
  Walk.new
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
p Walk.class
p Walk.instance_methods.sort
module Mixed
  include Walk
end
p Mixed.ancestors
include Walk
def name = "main"
p move
p Comparable.instance_of?(Module)
