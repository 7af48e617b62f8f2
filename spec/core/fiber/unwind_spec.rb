# What leaves a fiber's block: exceptions reach the resumer, break/return/throw become errors,
# ensure runs, raise and kill act at the suspension point
g = Fiber.new { raise ArgumentError, "boom" }
begin; g.resume; rescue => e; p e.class, e.message; end
p g.alive?
begin; Fiber.new { break 5 }.resume; rescue LocalJumpError => e; p e.message; end
def m; Fiber.new { return 5 }.resume; end
begin; m; rescue LocalJumpError => e; p e.message; end
r = catch(:t) do
  Fiber.new { throw :t, 9 }.resume
rescue UncaughtThrowError => e
  p e.message
  :rescued
end
p r
k = Fiber.new do
  begin
    Fiber.yield 1
  rescue => e
    p [:in, e.class, e.message]
    Fiber.yield 2
  ensure
    p :ensure
  end
end
p k.resume
p k.raise(RuntimeError, "hey")
p k.resume
p k.alive?
k2 = Fiber.new { Fiber.yield 1 }
k2.resume
begin; k2.raise(IOError); rescue IOError => e; p e.class; end
p k2.alive?
begin; Fiber.new {}.raise("x"); rescue FiberError => e; p e.message; end
k3 = Fiber.new { begin; Fiber.yield 1; ensure; p :k3_ensure; end; p :not_reached }
k3.resume
p k3.kill.equal?(k3), k3.alive?
k4 = Fiber.new { p :never }
p k4.kill.alive?
k5 = Fiber.new { begin; Fiber.current.kill; ensure; p :k5_ensure; end; p :not_reached2 }
p k5.resume
h = Fiber.new do
  begin
    raise "inner"
  rescue
    Fiber.yield $!.message
    p $!.message
  end
  $!
end
p h.resume
begin
  raise "outer"
rescue
  p h.resume
  p $!.message
end
ff = Fiber.new { Fiber.yield 1; raise IOError, "x" }
ff.resume
begin; ff.resume; rescue IOError => err; p err.backtrace.map { _1.sub(/:\d+:/, ":N:") }; end
