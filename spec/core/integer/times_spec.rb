# Integer#times calls its block in one frame restarted per call (vm/yield_each.rs): each call
# must still be a new activation, and break/next/redo/exceptions/ensure/return behave as ever.
# each call is a new activation: block locals start nil, closures keep their own call's locals
procs = []
3.times do |i|
  x ||= i * 10
  y = x + 1
  procs << -> { [i, x, y] }
end
p procs.map(&:call)
# break with a value, next, redo
p(5.times { |i| break i * 100 if i == 3 })
r = []
p(4.times { |i| next if i.odd?; r << i })
p r
n = 0
3.times { |i| n += 1; redo if n == 2; r << [i, n] }
p r
# exceptions inside and out
p(3.times { |i| begin; raise "x#{i}" if i == 1; rescue => e; r << e.message; end })
begin
  3.times { |i| raise ArgumentError, "boom #{i}" if i == 2 }
rescue => e
  p [e.class, e.message, e.backtrace.size > 0, e.backtrace[0..1].map { |l| l.sub(/^.*?:/, "") }]
end
ens = []
3.times { |i| begin; next if i == 1; ens << i; ensure; ens << -i; end }
p ens
# return from the enclosing method, nested loops
def find_first(n) = n.times { |i| return i if i * i > 10 }
p find_first(10)
p find_first(2)
t = []
3.times { |i| 2.times { |j| t << [i, j] } }
p t
# a block taking |a, b| gets one value
2.times { |a, b| p [a, b] }
# *args and optional params
2.times { |*a| p a }
2.times { |a = 5, b = 6| p [a, b] }
# $~ is per call
3.times { |i| "a#{i}" =~ /\d/ if i.even?; p $~ && $~[0] }
# lambda as block, method as block, symbol
l = ->(i) { p [:lambda, i] }
2.times(&l)
def show(i) = p([:meth, i])
2.times(&method(:show))
p 3.times.map(&:succ)
# a binding captured inside
bs = []
2.times { |i| z = i + 7; bs << binding }
p bs.map { |b| b.local_variable_get(:z) }
# yield inside a block given to times
def twice_each
  2.times { |i| yield i, :t }
end
twice_each { |a, b| p [a, b] }
# deep: SystemStackError still raised
def rec(n) = 1.times { rec(n + 1) }
begin
  rec(0)
rescue SystemStackError => e
  p e.class
end
# catch/throw across
p(catch(:done) { 10.times { |i| throw :done, i if i == 4 } })
# loop inside times with StopIteration
e = [1, 2].each
p(2.times { loop { e.next } })
p 0.times { p :never }
p(-3.times { p :never })
