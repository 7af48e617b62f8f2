# Local variables: scope, shadowing, blocks, defined-but-unassigned
a = 1
p a
a = a + 1
p a
if false
  b = 10
end
p b
p defined?(c)
c = 3
p defined?(c)
[1].each { |x| a += x }
p a
[1].each { d = 4 }
p defined?(d)
def no_access
  defined?(a) ? a : "not visible"
end
p no_access
x = 10
[1, 2].each { |x| x * 2 }
p x
y = 1
[5].each { |v; y| y = v }
p y
e = f = 2
p [e, f]
begin
  p undefined_thing
rescue NameError => err
  puts "#{err.class}: #{err.message}"
end
_unused = 1
_ = 5
p _
