# prism: 3.4/circular_parameters.txt
# A parameter default that reads the parameter itself: nil in Ruby 3.4 and later.
def foo(bar = bar) = [bar]
p foo, foo(1)
def kfoo(bar: bar) = [bar]
p kfoo, kfoo(bar: 2)
p proc { |foo = foo| foo }.call
p proc { |foo = foo| foo }.call(3)
