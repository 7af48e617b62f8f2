# Fiber#resume and Fiber.yield: values both ways, status, errors, nesting, Fiber.current
f = Fiber.new { |a, b| p [:start, a, b]; x = Fiber.yield(a + b); p [:got, x]; y = Fiber.yield; p [:got2, y]; :fin }
p f.alive?
p f.resume(1, 2)
p f.resume(:x)
p f.resume(3, 4)
p f.alive?
begin; f.resume; rescue FiberError => e; p e.message; end
begin; Fiber.yield 1; rescue FiberError => e; p e.message; end
p Fiber.new { Fiber.yield }.resume
p Fiber.new { Fiber.yield 1, 2 }.resume
p Fiber.new { |*a| a }.resume(1, 2, 3)
p Fiber.new { |a, b| [a, b] }.resume([5, 6])
p Fiber.new(&->(x) { x * 2 }).resume(21)
begin; Fiber.new(&->(x) { x }).resume; rescue ArgumentError => e; p e.message; end
h = Fiber.new { h.resume }
begin; h.resume; rescue FiberError => e; p e.message; end
outer = Fiber.new do
  inner = Fiber.new { Fiber.yield :i1; outer.resume rescue p($!.message); :i2 }
  p inner.resume
  Fiber.yield :o1
  p inner.resume
  :o2
end
p outer.resume, outer.resume, outer.alive?
p Fiber.new { Fiber.new { Fiber.new { Fiber.yield 1 }.resume + 1 }.resume + 1 }.resume
root = Fiber.current
p root.class, root.alive?, Fiber.current.equal?(root)
p Fiber.new { Fiber.current.equal?(root) }.resume
g = Fiber.new { Fiber.yield Fiber.current.inspect.sub(/0x\h+/, "X"); 1 }
p g.inspect.sub(/0x\h+/, "X")
p g.resume
p g.inspect.sub(/0x\h+/, "X")
g.resume
p g.inspect.sub(/0x\h+/, "X")
p root.inspect.sub(/0x\h+/, "X")
begin; Fiber.new; rescue ArgumentError => e; p e.message; end
begin; Fiber.allocate; rescue NoMethodError => e; p e.message; end
gen = Fiber.new { [1, 2, 3].each { |v| Fiber.yield v * 10 }; :each_done }
4.times { p gen.resume }
p Fiber.new { [1, 2].each { break }; 3 }.resume
p Fiber.new { [1, 2].map { |v| next v * 3 } }.resume
p Fiber.new { catch(:t) { Fiber.yield 1; throw :t, 2 } }.then { |fb| [fb.resume, fb.resume] }
