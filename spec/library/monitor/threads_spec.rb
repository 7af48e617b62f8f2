# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) has no threads
# Monitor between threads: mutual exclusion with reentry, a waiting thread woken by a
# condition's signal (wait_while), and try_enter failing while another thread holds it.
require "monitor"

m = Monitor.new
count = 0
4.times.map do
  Thread.new { 50.times { m.synchronize { m.synchronize { v = count; Thread.pass; count = v + 1 } } } }
end.each(&:join)
p count

items = []
cond = m.new_cond
consumer = Thread.new do
  m.synchronize do
    cond.wait_while { items.empty? }
    items.shift
  end
end
Thread.pass until consumer.stop?
m.synchronize do
  items << :item
  cond.signal
end
p consumer.value

holder = Thread.new { m.synchronize { Thread.stop; :released } }
Thread.pass until holder.stop?
p m.mon_locked?, m.mon_owned?, m.try_enter
holder.run
p holder.value, m.try_enter, m.mon_owned?
m.exit
