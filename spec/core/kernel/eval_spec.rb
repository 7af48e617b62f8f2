# Kernel#eval: the caller's locals (read and assigned), new locals staying in the eval's scope,
# self, __FILE__/__LINE__/__method__, return and yield inside eval'd code, backtrace labels,
# SyntaxError as a rescuable exception, and argument errors.

# reading and assigning the caller's locals
a = 1
p eval("a + 1")
eval("a = 5")
p a
eval("a += 10")
p a

# a local first assigned by an eval stays in that eval's scope
p eval("fresh = 3; fresh * 2")
begin
  eval("fresh")
rescue NameError => e
  puts "#{e.class}: #{e.message}"
end
p defined?(fresh)
p eval("defined?(a)")

# in a method: parameters and locals, self, __method__
class Calc
  def initialize
    @base = 100
  end

  def add(x, y = 2)
    z = 3
    eval("x + y + z + @base")
  end

  def name_and_self
    eval("[__method__, self.class]")
  end

  def set_later
    eval("later = 1")
    later = 2
    eval("later + 40")
  end
end
c = Calc.new
p c.add(1)
p c.name_and_self
p c.set_later

# in blocks: the block's locals and every enclosing scope's
outer = 10
r = [1, 2].map { |i| inner = i * 100; eval("outer + inner + i") }
p r
total = 0
3.times { |i| eval("total += i") }
p total
[[1, 2]].each { |x, y| [3].each { |z| p eval("[x, y, z, outer]") } }

# in a class body: self and constants
class Box
  SIZE = 4
  p eval("[self, SIZE]")
  eval("def volume; SIZE * SIZE * SIZE; end")
end
p Box.new.volume

# __FILE__ and __LINE__, default and given
p eval("__LINE__")
p eval("[__FILE__, __LINE__]", nil, "virtual.rb", 10)
p eval("\n\n__LINE__", nil, "virtual.rb", 7)
p eval("__FILE__", binding, "named.rb")
p eval("[__LINE__, __FILE__]", nil, "far.rb", 100_000)
begin
  eval("1", nil, "f", "x")
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end

# return and yield in eval'd code act for the enclosing method
def early
  eval("return :from_eval")
  :not_reached
end
p early

def gives
  eval("yield 3")
end
p gives { |v| v * 7 }

# a lambda's return
def lam
  l = lambda { eval("return 7"); 8 }
  l.call + 1
end
p lam

# def in eval'd code at the top level defines a private Object method
eval("def eval_defined; :defined; end")
p eval_defined
p Object.private_method_defined?(:eval_defined)

# nested eval sees every scope
m = 2
p eval("eval('m * 21')")

# backtraces and labels
def boom
  eval("raise 'inside'")
end
begin
  boom
rescue => e
  puts e.message
  puts e.backtrace[0, 3]
end
def boom_block
  [1].each { eval("raise 'in block'") }
end
begin
  boom_block
rescue => e
  puts e.backtrace[0, 2]
end
begin
  eval("[1].map { raise 'nested' }", nil, "file.rb", 20)
rescue => e
  puts e.backtrace[0, 3]
end
begin
  eval("\n\nraise 'third'")
rescue => e
  puts e.backtrace[0]
end

# SyntaxError is a Ruby exception the caller can rescue
begin
  eval("1 +")
rescue SyntaxError => e
  puts e.class
  p e.message.split(":")[0, 2]
end
begin
  eval("foo(", nil, "broken.rb", 30)
rescue SyntaxError => e
  p e.message.split(":")[0, 2]
end
begin
  eval("break")
rescue SyntaxError => e
  p e.message.split(":")[0, 2]
end
p((begin; eval("1 +"); rescue ScriptError => e; e.class; end))

# argument errors
begin
  eval(3)
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end
begin
  eval("1", 3)
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end
begin
  eval
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end

# the value of an empty eval, and of a definition
p eval("")
p eval("# only a comment")
p eval("class EvalMade; end; EvalMade.name")
