# Block literals passed to natives again and again from one frame (their records are reused):
# break, next and the block's values stay per call, also when several literals alternate.
a = [1, 2, 3]
r = []
5.times do |i|
  r << a.each { |x| break x * 10 if x == 2 }
  r << a.index { |x| x == 3 }
  r << a.map { |x| next x + i }
  r << a.find { |x| break :early if i == 3; x > 1 }
  r << a.each_slice(2).map { |s| s.sum + i }
end
p r
def each_twice(a) = 2.times.map { a.map { |x| yield x } }
p each_twice([1, 2]) { |x| x * 3 }
procs = 3.times.map { |i| [1].each { } ; proc { i } }
p procs.map(&:call)
