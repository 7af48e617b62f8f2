# A small tour of what rubra runs today.
class Greeter
  attr_reader :name

  def initialize(name)
    @name = name
  end

  def greet(punct = "!")
    "Hello, #{name}#{punct}"
  end
end

puts Greeter.new("world").greet
squares = [1, 2, 3, 4].map { |x| x * x }
p squares
totals = { apples: 3, pears: 5 }
totals.each { |fruit, n| puts "#{fruit}: #{n}" }
puts 2**100
