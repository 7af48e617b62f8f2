# BasicObject#instance_eval with a string: self is the receiver (instance variables, private
# methods), def makes singleton methods, the caller's locals are visible, file and line
# arguments, backtrace labels, and argument errors.

class Point
  def initialize(x, y)
    @x = x
    @y = y
  end

  private

  def secret
    :secret
  end
end
pt = Point.new(1, 2)
p pt.instance_eval("@x + @y")
p pt.instance_eval("secret")
pt.instance_eval("@x = 10")
p pt.instance_eval("@x")

# def defines a singleton method
pt.instance_eval("def norm; @x * @x + @y * @y; end")
p pt.norm
p pt.singleton_methods
p Point.new(0, 0).respond_to?(:norm)

# on a class: singleton (class) methods
Point.instance_eval("def origin; new(0, 0); end")
p Point.origin.instance_eval("[@x, @y]")
p Point.singleton_methods.include?(:origin)

# the caller's locals
offset = 5
p pt.instance_eval("@y + offset")
pt.instance_eval("offset = 50")
p offset
def in_method(target)
  scale = 3
  target.instance_eval("[@y * scale, __method__]")
end
p in_method(pt)

# on other objects
p "text".instance_eval("size")
p 5.instance_eval("self + 1")
p [3, 1, 2].instance_eval("sort")
p nil.instance_eval("to_a")

# file, line and labels
p pt.instance_eval("[__FILE__, __LINE__]", "pt.rb", 12)
p pt.instance_eval("__FILE__")
begin
  pt.instance_eval("raise 'x'")
rescue => e
  puts e.backtrace[0, 2]
end

# errors
begin
  pt.instance_eval
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
begin
  pt.instance_eval("1", "f", 1, 2)
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
begin
  pt.instance_eval("1") { }
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
begin
  pt.instance_eval("@x +")
rescue SyntaxError => e
  p e.class
end
begin
  pt.instance_eval("undefined_name")
rescue NameError => e
  # an object with a singleton class is named as Object#to_s names it
  puts e.message.split(" for ").first
  p e.message.split(" for ").last.start_with?("#<Point:0x")
end
