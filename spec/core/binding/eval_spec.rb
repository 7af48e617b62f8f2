# Binding#eval and Kernel#eval with a binding: the captured scope's locals, self and method,
# locals an eval adds staying visible to later evals through the same binding, and bindings
# that outlive their frame.

def make(x)
  y = x * 2
  binding
end
b = make(5)
p b.eval("x + y")
p b.eval("[self, __method__]")
b.eval("y = 100")
p b.eval("y")

# a local first assigned through a binding stays in that binding
b.eval("added = 7")
p b.eval("added + 1")
p eval("added * 2", b)
p b.local_variable_defined?(:added)
b2 = make(1)
p b2.local_variable_defined?(:added)

# another binding of the same scope does not see it
def two_bindings
  one = binding
  two = binding
  one.eval("only_one = 1")
  [one.local_variable_defined?(:only_one), two.local_variable_defined?(:only_one)]
end
p two_bindings

# the frame and the binding share the locals while the frame runs
def shared
  v = 1
  bb = binding
  bb.local_variable_set(:v, 2)
  r = [v]
  v = 3
  r << bb.local_variable_get(:v)
  r
end
p shared

# a binding made in a block sees the block's locals and the enclosing ones
n = 1
blk = nil
[10].each { |item| local = item + n; blk = binding }
p blk.eval("[item, local, n]")
blk.eval("n = 50")
p n

# a binding kept after its method returned keeps the values it had
def counter
  count = 0
  inc = -> { count += 1 }
  [binding, inc]
end
cb, inc = counter
inc.call
inc.call
p cb.local_variable_get(:count)
cb.local_variable_set(:count, 10)
inc.call
p cb.eval("count")

# default file name and line
p b.eval("__FILE__")
p b.eval("[__FILE__, __LINE__]", "given.rb", 3)
p b.eval("__LINE__", "given.rb")

# errors
begin
  b.eval("undefined_thing")
rescue NameError => e
  puts e.message.split(" for ").first
end
begin
  b.eval("1 +")
rescue SyntaxError => e
  p e.class
end
begin
  b.eval(:sym)
rescue TypeError => e
  puts e.message
end
