# Module#class_eval / module_eval with a string: self and cref are the module (def makes public
# instance methods, constants go into it), the caller's locals are visible, file and line
# arguments, backtrace labels, and argument errors.

class Widget
  SIZE = 3
end
module Helpers; end

Widget.class_eval("def area; SIZE * SIZE; end")
p Widget.new.area
p Widget.public_method_defined?(:area)
Widget.class_eval("COLOR = :red")
p Widget::COLOR
p Widget.class_eval("[self, SIZE, COLOR]")
Helpers.module_eval("def helper; :helped; end")
p Helpers.instance_methods(false)
p Widget.class_eval("attr_reader :w; instance_methods(false).sort")

# a private section in the string ends with it
Widget.class_eval("private; def hidden; end")
Widget.class_eval("def shown; end")
p Widget.private_method_defined?(:hidden), Widget.public_method_defined?(:shown)

# the caller's locals
factor = 6
Widget.class_eval("def factor; #{factor}; end")
p Widget.new.factor
p Widget.class_eval("factor * 7")
Widget.class_eval("factor = 1")
p factor

def in_method
  local = :local
  Widget.class_eval("[local, __method__, self]")
end
p in_method

# nested classes and singleton definitions
Widget.class_eval("class Part; def self.kind; :part; end; end")
p Widget::Part.kind
Widget.class_eval("def self.build; new; end")
p Widget.build.class

# file, line and labels
p Widget.class_eval("[__FILE__, __LINE__]", "widget.rb", 50)
p Widget.class_eval("__FILE__")
begin
  Widget.class_eval("raise 'fail'")
rescue => e
  puts e.backtrace[0, 2]
end
def eval_in_method
  Widget.class_eval("raise 'fail'", "w.rb", 9)
rescue => e
  e.backtrace[0, 2]
end
puts eval_in_method

# errors
begin
  Widget.class_eval
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
begin
  Widget.class_eval("1", "f", 1, 2)
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
begin
  Widget.class_eval("1") { }
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
begin
  Widget.class_eval(:sym)
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end
begin
  Widget.class_eval("def broken(")
rescue SyntaxError => e
  p e.class
end
