# Closures capture variables, not values
def counter
  count = 0
  increment = -> { count += 1 }
  get = -> { count }
  [increment, get]
end
inc, get = counter
inc.call
inc.call
p get.call
inc2, get2 = counter
inc2.()
p [get.call, get2.call]
x = 1
add_x = ->(y) { x + y }
p add_x.(1)
x = 100
p add_x.(1)
adders = (1..3).map { |i| ->(v) { v + i } }
p adders.map { |a| a.(10) }
acc = []
3.times { |i| acc << -> { i * i } }
p acc.map(&:call)
def make_acc(start)
  total = start
  proc { |n| total += n }
end
a = make_acc(10)
a.(5)
p a.(5)
shared = 0
t1 = -> { shared += 1 }
t2 = -> { shared += 10 }
t1.(); t2.(); t1.()
p shared
def gen
  v = :orig
  l = -> { v }
  v = :changed
  l
end
p gen.call
y = 5
blk = proc { y }
y = 6
p blk.call
counter_obj = Object.new
n = 0
counter_obj.define_singleton_method(:tick) { n += 1 }
counter_obj.tick
counter_obj.tick
p n
