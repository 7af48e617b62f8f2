# Fiber#transfer: switching without a resume chain, back to the fiber that started the
# transfers when one ends, and the FiberErrors of mixing transfer with resume and yield
root = Fiber.current
f2 = nil
f1 = Fiber.new { |x| p [:f1, x]; y = f2.transfer(:to_f2); p [:f1_back, y]; :f1_done }
f2 = Fiber.new { |x| p [:f2, x]; z = f1.transfer(:to_f1); p [:f2_back, z]; root.transfer(:to_root) }
p f1.transfer(:start)
p [f1.alive?, f2.alive?]
p f2.transfer(:again) rescue p $!
p [f1.alive?, f2.alive?]
g = Fiber.new { Fiber.yield 1 }
g.resume
begin; g.transfer; rescue => e; p e.class, e.message; end
h = Fiber.new { root.transfer(5) }
h.transfer
begin; h.resume; rescue => e; p e.class, e.message; end
k = Fiber.new { Fiber.yield 1 }
begin; k.transfer; rescue => e; p e.class, e.message; end
p Fiber.current.transfer(7)
m = Fiber.new { :m_end }
p m.transfer
n = Fiber.new { n2 = Fiber.new { Fiber.yield :inner }; p n2.transfer; :n_end }
p n.resume rescue p $!
ping = pong = nil
log = []
ping = Fiber.new { 3.times { |i| log << [:ping, i]; pong.transfer } ; :ping_done }
pong = Fiber.new { loop { log << :pong; GC.start; ping.transfer } }
p ping.transfer, log
p [ping.alive?, pong.alive?]
t1 = Fiber.new { Fiber.current.transfer(1) + 1 }
p t1.transfer
q = Fiber.new { begin; Fiber.current.instance_variable_get(:@x); root.transfer(:suspended); ensure; p :q_ensure; end }
p q.transfer
p q.raise(IOError, "in q") rescue p [$!.class, $!.message]
p q.alive?
w = Fiber.new { root.transfer(:w1); :w_end }
p w.transfer
p w.kill.alive?
