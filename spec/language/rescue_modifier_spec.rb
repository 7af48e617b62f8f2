# The rescue modifier
x = (raise "boom") rescue "rescued"
p x
y = Integer("zz") rescue -1
p y
p (1 / 0 rescue :div)
z = [1, 2].fetch(10) rescue $!.class
p z
def m = raise(ArgumentError) rescue "in def"
p m
w = nil.upcase rescue "nil has no upcase"
p w
v = 5 rescue 0
p v
a = b = (raise "e") rescue "both?"
p [a, b]
