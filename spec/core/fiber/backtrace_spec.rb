# Fiber#backtrace and #backtrace_locations: a suspended fiber's frames where it waits, the
# running one's from the call, none before it starts or after it ends; caller's levels
def inner = Fiber.yield(1)
f = Fiber.new { inner; 2 }
p f.backtrace
f.resume
p f.backtrace
p f.backtrace(1), f.backtrace(0, 1)
p f.backtrace_locations.map(&:to_s)
p Fiber.new { Fiber.current.backtrace }.resume
f.resume
p f.backtrace
p Fiber.current.backtrace.size > 0
g = Fiber.new { [1].each { Fiber.yield } }
g.resume
p g.backtrace(0..1), g.backtrace(1..), g.backtrace(5)
begin; g.backtrace(-1); rescue ArgumentError => e; p e.message; end
p caller(0).size == caller.size + 1
def lv = caller(0, 2)
p lv
def far = [caller(50), caller(50..), caller_locations(50), caller(1, 0)]
p far
