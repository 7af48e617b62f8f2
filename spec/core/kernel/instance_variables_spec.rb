# instance_variables and friends (order is assignment order)
class Pt
  def initialize
    @y = 2
    @x = 1
  end
  def add_z = @z = 3
end
pt = Pt.new
p pt.instance_variables
pt.add_z
p pt.instance_variables
p pt.instance_variable_get(:@x)
pt.instance_variable_set(:@w, 0)
p pt.instance_variables
p pt.instance_variable_defined?(:@w)
p pt.remove_instance_variable(:@y)
p pt.instance_variables
p Object.new.instance_variables
p 1.instance_variables
begin
  pt.remove_instance_variable(:@nope)
rescue NameError => e
  puts "NameError: #{e.message}"
end
