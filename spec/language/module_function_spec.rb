# module_function, extend self, module-level methods
module Geometry
  module_function
  def area(w, h) = w * h
  def double_area(w, h) = area(w, h) * 2
end
p Geometry.area(2, 3)
p Geometry.double_area(2, 3)
class Room
  include Geometry
  def size = area(4, 5)
end
p Room.new.size
begin
  Room.new.area(1, 1)
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
module Helpers
  extend self
  def shout(s) = s.upcase + "!"
end
p Helpers.shout("hi")
module Single
  def one = 1
  def two = 2
  module_function :one
end
p Single.one
p Single.respond_to?(:two)
p Math.sqrt(16)
include Math
p sqrt(9)
