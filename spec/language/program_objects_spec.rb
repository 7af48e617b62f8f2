# A program mixing modules, Comparable, inheritance and super, keyword arguments, closures and Enumerator
module Greet
  def greet = "Hi, #{name}"
end
class Person
  include Greet
  include Comparable
  attr_accessor :name, :age
  @@count = 0
  def initialize(name, age)
    @name, @age = name, age
    @@count += 1
  end
  def self.count = @@count
  def <=>(other) = age <=> other.age
  def to_s = "#{name} (#{age})"
  def inspect = "#<Person #{name}>"
end
people = [Person.new("Ann", 30), Person.new("Bob", 25), Person.new("Cy", 35)]
puts people.sort.map(&:to_s).join(", ")
p people.max, people.min_by(&:age), Person.count
puts people.first.greet
p people.first.between?(people[1], people[2])
p people.sort_by { -_1.age }.map(&:name)
class Animal
  def speak = "..."
  def to_s = "#{self.class.name.downcase} says #{speak}"
end
class Dog < Animal
  def speak = "Woof"
end
class Puppy < Dog
  def speak = super + "!"
end
[Animal, Dog, Puppy].each { |k| puts k.new }
p Puppy.ancestors.take(3), Puppy.superclass, Puppy.instance_method(:speak).owner
def kw(a, b = 2, *rest, c:, d: 4, **opts, &blk)
  [a, b, rest, c, d, opts, blk&.call]
end
p kw(1, c: 3)
p kw(1, 2, 3, 4, c: 5, e: 6) { :blk }
begin
  kw
rescue ArgumentError => e
  p e.message
end
counter = Enumerator.new do |y|
  3.times { |i| y << i * i }
end
p counter.to_a, counter.next
x = 10
add = ->(y) { x + y }
x = 20
p add.(1), add[2], add.curry.(3)
h = {b: 2, a: 1}
p h.sort.to_h, h.min_by { |_, v| v }, h.sum { |_, v| v }, h.to_a.transpose
p h.map { |k, v| [k.to_s, v * 2] }.to_h
a, (b, *c), d = 1, [2, 3, 4], 5
p [a, b, c, d]
def gen
  return enum_for(:gen) unless block_given?
  yield 1
  yield 2
end
p gen.map { _1 + 1 }
p [1, 2, 3].each_with_object([]) { |i, acc| acc.unshift(i) }
p (1..10).step(3).to_a, 1.step(10, 4).to_a
puts [1, nil, 2].compact.sum.then { "total #{_1}" }
obj = Object.new
def obj.hello = "singleton hi"
p obj.hello, obj.singleton_methods
p defined?(foo), defined?(puts), defined?(String), defined?(@x)
$counter = 0
3.times { $counter += 1 }
p $counter
p 1.0.nan?, (0.0 / 0.0).nan?, 1 / 0.0, -1 / 0.0
p 255.to_s(2), "ff".hex, "0b101".to_i(0) rescue p $!
