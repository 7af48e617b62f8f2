# [] / []= methods and attribute setters
class Grid
  def initialize = @cells = {}
  def [](r, c = 0) = @cells[[r, c]]
  def []=(r, c, v)
    @cells[[r, c]] = v
  end
  def size = @cells.size
end
g = Grid.new
g[1, 2] = :x
p g[1, 2]
p g[0]
p g.size
r = (g[3, 3] = :y)
p r
class Person
  attr_reader :name
  def name=(v)
    @name = v.upcase
    :ignored_return_value
  end
  def age=(a)
    raise ArgumentError, "negative" if a < 0
    @age = a
  end
  def age = @age
end
pe = Person.new
x = (pe.name = "bob")
p x
p pe.name
p pe.send(:name=, "al")
p pe.name
pe.age = 5
p pe.age
begin
  pe.age = -1
rescue ArgumentError => e
  p e.message
end
class Nothing
  def [](*args) = args
end
p Nothing.new[]
p Nothing.new[1, 2, 3]
p Nothing.new[1..2]
