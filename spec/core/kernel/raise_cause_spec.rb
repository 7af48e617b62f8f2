# raise's cause: given with `cause:` (nil for none), taken from $! otherwise (also for errors
# natives raise inside a rescue), `cause:` alone is an ArgumentError, a cause that is not an
# exception a TypeError, other keywords stay a positional Hash; Fiber#raise with `cause:`; the
# argument count besides the keywords.
def show
  yield
rescue Exception => e
  p [e.class, e.message, e.cause&.message]
end
show { raise IOError, "x", cause: RuntimeError.new("y") }
show { raise cause: RuntimeError.new("c") }
show { begin; raise "a"; rescue; raise IOError, "b", cause: nil; end }
show { begin; raise "a"; rescue; raise IOError, "b"; end }
show { raise IOError, "x", cause: 5 }
show { raise "plain", cause: ArgumentError.new("why") }
show { begin; raise "a"; rescue; raise cause: IOError.new("z"); end }
show { begin; raise "a"; rescue; Integer("z"); end }
show { begin; raise "a"; rescue; [].fetch(3); end }
show { raise IOError, "m", [], 4 }
show { raise IOError, "m", ["bt"], cause: nil }
show { fail ArgumentError, "via fail", cause: IOError.new("io") }
f = Fiber.new do
  Fiber.yield
rescue => e
  [e.class, e.message, e.cause&.message]
end
f.resume
p f.raise(IOError, "x", cause: RuntimeError.new("y"))
