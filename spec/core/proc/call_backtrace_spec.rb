# Proc#call and its aliases (`.()`, `[]`, `yield`, `===`) run without a frame of their own in
# CRuby (vm_call_opt_call): backtraces and `caller` go from the block straight to its caller.
# Method#call keeps its frame.
def upto_main(bt) = bt[0..bt.index { _1.end_with?("in '<main>'") }]

def show
  yield
rescue => e
  puts upto_main(e.backtrace), "--"
end

pr = proc { raise "x" }
show { pr.call }
show { pr.() }
show { pr[] }
show { pr.yield }
show { pr === 1 }
show { :upcase.to_proc.call(1) }
show { 1.method(:fdiv).call("x") }
show { proc { |a| a.bogus }.call(2) }

where = proc { caller(0).first(2) }
p where.call.map { _1.sub(/:\d+:/, ":N:") }
nested = lambda { proc { raise ArgumentError, "deep" }.call }
show { nested.call }
