# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) has no threads
# How threads share the one interpreter: a busy thread is preempted (the main thread's sleep
# ends on time and sees its progress), Thread.pass, fibers and enumerators inside threads,
# fiber-locals per thread, Timeout inside threads and around a join, and the end of the
# program killing the threads still running (their ensure clauses run after at_exit).
require "timeout"

counter = 0
busy = Thread.new { loop { counter += 1 } }
sleep 0.05
p counter > 0
busy.kill
busy.join
p busy.status

# two busy threads both make progress
a = b = 0
ta = Thread.new { loop { a += 1 } }
tb = Thread.new { loop { b += 1 } }
sleep 0.1
ta.kill; tb.kill
ta.join; tb.join
p a > 0, b > 0

# fibers and external enumerators live in their thread
t = Thread.new do
  f = Fiber.new do |x|
    y = Fiber.yield(x + 1)
    sleep 0.01
    y * 2
  end
  [f.resume(1), f.resume(21), f.alive?]
end
p t.value
t = Thread.new do
  e = [1, 2, 3].each
  Thread.pass
  [e.next, e.next, e.next, (e.next rescue :stop)]
end
p t.value
ths = 4.times.map do |i|
  Thread.new do
    e = Enumerator.new { |y| 3.times { |j| y << i * 10 + j; Thread.pass } }
    [e.next, e.next, e.next]
  end
end
p ths.map(&:value)

# fiber-locals and thread variables belong to their thread
Thread.current[:who] = :main
t = Thread.new do
  Thread.current[:who] = :worker
  Thread.current.thread_variable_set(:tv, 1)
  Thread.stop
  [Thread.current[:who], Fiber.new { Thread.current[:who] }.resume]
end
Thread.pass until t.stop?
p t[:who], Thread.current[:who], t.thread_variable_get(:tv), t.key?(:who), t.keys
t[:who] = :changed
t.run
p t.value

# Timeout in a thread, and around a join
t = Thread.new do
  Timeout.timeout(0.05) { sleep }
rescue Timeout::Error => e
  e.message
end
p t.value
p Timeout.timeout(1) { Thread.new { 42 }.value }
begin
  Timeout.timeout(0.05) { Thread.new { sleep }.join }
rescue Timeout::Error => e
  p e.message
end
p Thread.new { Timeout.timeout(1) { :in_time } }.value

# the program's end: at_exit first, then the remaining threads are killed
at_exit { puts "at_exit" }
last = Thread.new do
  begin
    sleep
  ensure
    puts "killed at exit"
  end
end
Thread.pass until last.stop?
puts "end of main"
