# Locals captured by blocks, procs, lambdas and bindings: the frame and every closure share one
# variable while the frame runs, and closures keep it after the frame returns (also when the
# frame is left by an exception, or re-entered recursively).

def counter_pair
  n = 0
  inc = -> { n += 1 }
  get = -> { n }
  n = 10
  [inc, get]
end
inc, get = counter_pair
inc.call
inc.call
p get.call

# the frame sees what the block assigned, and the block what the frame assigned afterwards
def shared
  v = 1
  b = proc { v }
  [2].each { |x| v += x }
  v *= 10
  [v, b.call]
end
p shared

# each call of a recursive method has its own variables
def nest(depth, procs)
  mine = depth
  procs << -> { mine }
  nest(depth - 1, procs) if depth > 0
  mine += 100
  procs
end
p nest(3, []).map(&:call)

# closures made in a loop
procs = []
i = 0
while i < 3
  procs << -> { i }
  i += 1
end
p procs.map(&:call)
procs = (0..2).map { |j| -> { j } }
p procs.map(&:call)

# a frame left by an exception keeps its captured variables for its closures
def leaves_by_raise(out)
  secret = :kept
  out << -> { secret }
  raise "gone"
end
out = []
begin
  leaves_by_raise(out)
rescue => e
  p e.message
end
p out[0].call

# a block's own locals, captured by an inner block
def inner_capture
  [1, 2].map do |x|
    y = x * 10
    -> { x + y }
  end
end
p inner_capture.map(&:call)

# define_method bodies close over the defining scope
class Maker
  prefix = "pre"
  define_method(:label) { |s| "#{prefix}-#{s}" }
  prefix = "changed"
end
p Maker.new.label("x")

# a method with a captured frame called many times (each call a fresh variable)
def fresh(k)
  total = k
  add = ->(d) { total += d }
  add.(1)
  add.(2)
  total
end
p (1..5).map { |k| fresh(k) }

# a simple method called from the dispatch loop that makes a block
def simple(a)
  [a].map { |v| v + a }
end
p simple(4)

# for-loop variables live in the enclosing scope
for z in [7, 8]
  last_in_loop = z
end
p [z, last_in_loop]

# locals captured then collected: values stay reachable
keep = (1..3).map { |n| s = "str#{n}"; -> { s } }
GC.start
p keep.map(&:call)
