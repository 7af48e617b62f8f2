# Class variables shared through inheritance
class Counter
  @@count = 0
  def self.inc = @@count += 1
  def self.count = @@count
  def count = @@count
end
class SubCounter < Counter
  def self.bump = @@count += 10
end
Counter.inc
Counter.inc
p Counter.count
SubCounter.bump
p Counter.count
p SubCounter.new.count
p Counter.class_variables
p Counter.class_variable_get(:@@count)
Counter.class_variable_set(:@@other, 5)
p Counter.class_variables.sort
p Counter.class_variable_defined?(:@@count)
class Unset
  def self.read = @@nope
end
begin
  Unset.read
rescue NameError => e
  puts "#{e.class}: #{e.message}"
end
