# Kernel#eval through a binding in a loop, and a method that calls binding: each eval parses and
# compiles the string, then reads and assigns the caller's locals.
x = 0
b = binding
i = 0
while i < 20_000
  eval("x += i", b)
  i += 1
end
def captured(n)
  v = n
  binding.local_variable_get(:v)
end
j = 0
while j < 200_000
  x += captured(j)
  j += 1
end
puts x
