# Unbounded recursion raises SystemStackError, which can be rescued
def f(n) = f(n + 1)
begin
  f(0)
rescue SystemStackError => e
  puts "SystemStackError: #{e.message}"
  p e.class.superclass
end
def g(n)
  g(n + 1) + 1
end
r = begin
  g(0)
rescue SystemStackError
  :recovered
end
p r
def depth(n) = n.zero? ? 0 : 1 + depth(n - 1)
p depth(5000)
