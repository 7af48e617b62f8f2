# Calls between Ruby methods, with exceptions, ensure, non-local return, throw and deep
# recursion crossing them (simple calls run inside the dispatch loop without recursing).
def a(x) = b(x) + 1
def b(x)
  raise ArgumentError, "boom #{x}" if x > 2
  x * 10
end
def c(x)
  begin
    a(x)
  rescue ArgumentError => e
    "rescued #{e.message} at #{e.backtrace.first(3).inspect}"
  ensure
    puts "ensure #{x}"
  end
end
p c(1), c(5)
def d(x)
  [1, 2].each { |i| return i * x if i == 2 }
  :no
end
def e2(x) = d(x) + 1
p e2(3)
def deep(n) = deep(n + 1)
begin
  deep(0)
rescue SystemStackError => e
  p e.class, e.message
end
def r(n) = n == 0 ? 0 : 1 + r(n - 1)
p r(5000)
def t(x)
  throw :done, x if x > 1
  t(x + 1)
end
p catch(:done) { t(0) }
def with_ensure(x)
  yield_me(x)
ensure
  puts "outer ensure"
end
def yield_me(x) = x.fetch(9)
begin
  with_ensure([1])
rescue IndexError => e
  puts e.message
  puts e.backtrace.first(4)
end
def m0 = caller(0).first(3)
def m1 = m0
puts m1
def kwm(a) = a
p kwm(1)
def nested(x) = x > 0 ? nested(x - 1) : __method__
p nested(3)
