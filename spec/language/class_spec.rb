# Classes: definition, inheritance, reopening, initialize, attr_*
class Animal
  attr_reader :name
  attr_writer :sound
  attr_accessor :legs
  def initialize(name, legs = 4)
    @name = name
    @legs = legs
    @sound = "..."
  end
  def speak = "#{name} says #{@sound}"
  def to_s = "#{self.class.name}(#{name})"
end
class Dog < Animal
  def initialize(name)
    super
    @sound = "woof"
  end
  def fetch = "#{name} fetches"
end
a = Animal.new("generic")
puts a.speak
a.sound = "hmm"
puts a.speak
d = Dog.new("rex")
puts d.speak
puts d.fetch
puts d
p d.legs
d.legs = 3
p d.legs
p Dog.superclass
p Dog.superclass.superclass
p Dog.ancestors.take(3)
p d.is_a?(Animal)
p d.instance_of?(Animal)
p Dog < Animal
p Animal < Dog
class Animal
  def reopened = :yes
end
p d.reopened
p Animal.new("x", 2).legs
p Dog.instance_method(:fetch).owner
p Animal.instance_methods(false).sort
begin
  Dog.new
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
class Empty; end
p Empty.new.class
p Empty.superclass
p Class.new(Dog).superclass
Anon = Class.new { def hi = :anon_hi }
p Anon.new.hi
p Anon.name
p Class.new.name
class Point
  attr_accessor :x, :y
end
pt = Point.new
p [pt.x, pt.y]
begin
  class Dog < String; end
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
