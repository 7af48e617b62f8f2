# An uncaught ArgumentError for a wrong argument count is reported from the callee
def foo(a, b)
  a + b
end
foo(1)
