# Kernel#eval in the less common places: zero-argument and explicit super, define_method bodies,
# calls through send, blocks yielded to from methods, loops whose variable eval changes, procs
# made inside eval'd code that outlive it, bindings of finished frames, and ensure clauses.

class Base
  def m(a, b = 2)
    [a, b]
  end
end
class ZSuper < Base
  def m(a, b = 3)
    eval("super")
  end
end
p ZSuper.new.m(1)
class ExplicitSuper < Base
  def m(a)
    [1].map { eval("super(a, 9)") }
  end
end
p ExplicitSuper.new.m(5)

class Defined
  define_method(:dm) { |x| y = 2; eval("x + y") }
end
p Defined.new.dm(1)

x = 4
p send(:eval, "x + 1")
p __send__(:eval, "x + 10")

def yielder
  yield
end
p yielder { eval("x * 3") }
p [1, 2].each_with_object([]) { |i, acc| acc << eval("i + x") }
p eval("[1, 2].sum { |v| v + x }")
p Struct.new(:a).new(1).instance_eval("a")

# a loop variable changed by eval'd code
i = 0
n = 0
while i < 5
  eval("i += 1")
  n += 1
end
p [i, n]

# procs made inside eval'd code keep its locals
makers = eval("base = 100; [-> { base += 1 }, -> { base }]")
makers[0].call
makers[0].call
p makers[1].call

# a binding of a finished frame, extended through eval
def finished
  kept = :kept
  binding
end
fb = finished
fb.eval("extra = [kept, 1]")
p fb.eval("extra")
p fb.eval("binding").local_variable_get(:extra)
p fb.local_variables

# methods defined by eval'd code that use blocks
eval(<<~RUBY)
  def doubled(list)
    factor = 2
    list.map { |v| v * factor }
  end
RUBY
p doubled([1, 2, 3])

# ensure inside eval'd code, and an exception passing through
log = []
begin
  eval("begin; log << :body; raise 'boom'; ensure; log << :ensure; end")
rescue => e
  log << e.message
end
p log

# a simple method (called from the dispatch loop's fast path) that evals
def quick(a)
  eval("a * a")
end
p (1..4).map { |v| quick(v) }
