# Endless method definitions
def square(x) = x * x
p square(7)
def greet(name = "you") = "hi #{name}"
p greet
p greet("bob")
def none = :none
p none
class Temp
  def initialize(c) = @c = c
  def fahrenheit = @c * 9 / 5 + 32
  def self.boiling = new(100)
  def ==(other) = other.is_a?(Temp) && fahrenheit == other.fahrenheit
end
p Temp.boiling.fahrenheit
p Temp.new(0) == Temp.new(0)
def with_rescue = (raise "x" rescue "rescued")
p with_rescue
def predicate?(x) = x > 0
p predicate?(1)
def cmd(x) = puts x
cmd "command body"
