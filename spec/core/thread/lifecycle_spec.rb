# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) has no threads
# Thread's life: new/start/fork with arguments, value and join (with a limit), status, alive?
# and stop? as a thread runs, sleeps and ends, kill (ensure clauses run), raise, wakeup/run,
# Thread.stop, Thread.exit, Thread.current/main/list, subclasses and inspect.
def show
  p yield
rescue Exception => e
  puts "#{e.class}: #{e.message}"
end

p Thread.new(1, 2) { |a, b| a + b }.value
p Thread.start(3) { |x| x * 2 }.value, Thread.fork { :f }.value
t = Thread.new { :done }
p t.join.equal?(t), t.value, t.alive?, t.status, t.stop?
p t.inspect.sub(/0x\h+/, "X").sub(__FILE__, "F")

# a sleeping thread, seen from the main one
t = Thread.new { sleep }
Thread.pass until t.stop?
p t.status, t.alive?, t.stop?, t.inspect.sub(/0x\h+/, "X").sub(__FILE__, "F")
p t.join(0.01), Thread.list.size, Thread.list.first.equal?(Thread.main)
t.wakeup
p t.join.equal?(t), t.status, Thread.list.size

# Thread.stop and run
log = []
t = Thread.new { log << :before; Thread.stop; log << :after; 7 }
Thread.pass until t.stop?
p log
t.run
p t.value, log

# kill: ensure clauses run, the value is nil, the status false
t = Thread.new do
  begin
    sleep
  ensure
    log << :ensured
  end
end
Thread.pass until t.stop?
p t.kill.equal?(t)
t.join
p log.last, t.value, t.status, t.alive?
p Thread.new { Thread.exit; :not_here }.value
p Thread.new { Thread.current.kill; :not_here }.value
t = Thread.new { sleep }
p Thread.kill(t).equal?(t), t.join.equal?(t)

# raise in another thread: rescued there, or ending it
t = Thread.new do
  sleep
rescue => e
  "rescued #{e.class}: #{e.message}"
end
Thread.pass until t.stop?
t.raise("poke")
p t.value
t = Thread.new { sleep }
t.report_on_exception = false
Thread.pass until t.stop?
t.raise(IndexError, "out")
show { t.join }
p t.status, t.alive?
show { t.value }

# current, main, inspect
p Thread.new { Thread.current == Thread.main }.value
p Thread.new { Thread.current }.value.alive?
me = Thread.new { Thread.current.name = "worker"; Thread.current.inspect.sub(/0x\h+/, "X") }.value
p me.sub(__FILE__, "F")

# subclasses call initialize; Thread.start does not
class Doubler < Thread
  def initialize(x)
    super() { x * 2 }
  end
end
p Doubler.new(21).value, Doubler.new(1).class
class Starter < Thread
  def initialize(*)
    raise "initialize called"
  end
end
p Starter.start { :no_initialize }.value

# errors
show { Thread.new }
show { Thread.start }
show { Thread.current.join }
show { Thread.new { Thread.current.report_on_exception = false; Thread.main.join }.value }
t = Thread.new { 1 }
t.join
show { t.wakeup }
show { Thread.new { Fiber.yield }.tap { |x| x.report_on_exception = false }.join }
# kill reaches a thread waiting inside a fiber of its own: both ensure clauses run
log = []
t = Thread.new do
  begin
    f = Fiber.new { begin; sleep; ensure; log << :fiber_ensure; end }
    f.resume
    log << :after_fiber
  ensure
    log << :thread_ensure
  end
end
Thread.pass until t.stop?
t.kill
t.join
p log, t.status
t = Thread.new { Fiber.new { Thread.current.kill; :no }.resume; log << :not_here }
t.join
p log, t.status
