# BasicObject: minimal interface, instance_eval, __send__, ==, !, method_missing
class Blank < BasicObject
  def hello = "hello"
end
b = Blank.new
p b.hello
p b == b
p b != b
p !b
p b.equal?(b)
p b.__send__(:hello)
p b.instance_eval { hello + "!" }
p Blank.superclass
p Blank.ancestors
p BasicObject.instance_methods.sort
begin
  b.inspect
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
begin
  b.class
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
p defined?(b.to_s)
p (Blank === b)
p b.__id__.is_a?(::Integer) rescue p $!.class
class Blank
  def method_missing(n, *) = "mm #{n}"
end
p b.anything
p b.inspect
