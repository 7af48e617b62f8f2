# A block run again and again by a native's loop (times, each, map...) reuses its locals'
# environment from one run to the next unless something kept it: every way a closure, a
# binding or a block can outlive a run must give that run its own variables.

def keep(&b) = b
def call_now = yield

# procs and lambdas made in a loop see their own iteration's values
procs = []
3.times { |i| x = i * 10; procs << proc { [i, x] } }
p procs.map(&:call)

lams = []
[1, 2, 3].each { |v| y = v + 100; [0].each { lams << -> { [v, y] } } }
p lams.map(&:call)

# a block passed to a native that keeps it (an Enumerator, define_method, a Hash default)
enums = []
2.times { |i| enums << Enumerator.new { |yy| yy << i; yy << i + 1 } }
p enums.map(&:to_a)

klass = Class.new
2.times { |i| klass.define_method("m#{i}") { i * 7 } }
p klass.new.m0, klass.new.m1

hashes = []
2.times { |i| hashes << Hash.new { |_, k| [k, i] } }
p hashes.map { |h| h[:k] }

# a block kept by a Ruby method (&b), and one only called
kept = []
3.times { |i| kept << keep { i } }
p kept.map(&:call)
sum = 0
3.times { |i| call_now { sum += i } }
p sum

# bindings made inside the loop
bs = []
2.times { |i| z = i + 5; bs << binding }
p bs.map { |b| [b.local_variable_get(:i), b.local_variable_get(:z)] }
ps = []
2.times { |i| w = -i; ps << proc {} }
p ps.map { |pr| pr.binding.local_variable_get(:w) }

# a nested block passed to a native and dropped, then a proc made later in the same run
out = []
3.times do |i|
  [1].each { }
  v = i * 2
  [1].map { v += 1 }
  out << proc { v }
end
p out.map(&:call)

# a closure made inside a nested native loop keeps the outer loop's variable
grid = []
2.times { |r| 2.times { |c| grid << proc { [r, c] } } }
p grid.map(&:call)

# values written through a reused environment in one run do not leak into the next
acc = []
3.times do |i|
  t = nil
  [1, 2].each { |k| t = (t || 0) + k + i }
  acc << t
end
p acc

# eval and a binding's new local inside a loop
evs = []
2.times { |i| evs << eval("i * 3") }
p evs
b2 = []
2.times { |i| bb = binding; bb.local_variable_set(:extra, i); b2 << bb }
p b2.map { |b| b.local_variable_get(:extra) }

# a fiber-free generator made by a native in the loop and resumed after it
gens = []
2.times { |i| gens << [i, i + 1].each }
p gens.map { |e| e.next }
p [1, 2, 3].each_slice(2).map { |s| s.sum }
