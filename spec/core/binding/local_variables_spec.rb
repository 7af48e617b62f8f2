# Binding#local_variables and Kernel#local_variables: innermost scope first, parameters in
# order, locals assigned later in the scope included, locals added by eval through a binding.

def params(a, b = 1, *r, k:, o: 2, **kw, &blk)
  w = 1
  [local_variables, binding.local_variables]
end
p params(1, k: 1)

def nested
  x = 1
  [2].each do |y|
    z = 3
    [4].each { |q| p local_variables; p binding.local_variables }
  end
end
nested

def with_eval
  bd = binding
  bd.eval("e1 = 1")
  bd.local_variable_set(:e2, 2)
  [bd.local_variables, local_variables]
end
p with_eval

def empty
  local_variables
end
p empty
p proc { |a| b = 1; local_variables }.call(1).first(2)
