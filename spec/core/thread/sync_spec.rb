# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) has no threads
# Threads waiting on each other: Queue and SizedQueue (producers and consumers, num_waiting,
# close waking the waiters, timeouts), Mutex (contention, owned?, a dead owner's lock),
# ConditionVariable (signal and broadcast), join of many threads.
q = Queue.new
consumers = 3.times.map { |i| Thread.new { got = []; while (x = q.pop); got << x; end; got.size } }
Thread.pass until q.num_waiting == 3
p q.num_waiting
30.times { |i| q << i }
q.close
p consumers.map(&:value).sum, q.num_waiting, q.closed?

sq = SizedQueue.new(2)
producer = Thread.new { 10.times { |i| sq.push(i) }; sq.push(:end); :produced }
items = []
while (x = sq.pop) != :end
  items << x
end
p items, producer.value, sq.size

sq = SizedQueue.new(1)
sq << 1
t = Thread.new { sq.push(2) }
Thread.pass until t.stop?
p sq.num_waiting, t.status
p sq.pop, t.join.equal?(t), sq.pop
t = Thread.new do
  sq.push(1)
  sq.push(2)
rescue ClosedQueueError => e
  e.message
end
Thread.pass until t.stop?
sq.close
p t.value


# a Mutex held across a sleep makes the others wait
m = Mutex.new
count = 0
threads = 5.times.map do
  Thread.new do
    20.times do
      m.synchronize do
        v = count
        Thread.pass
        count = v + 1
      end
    end
  end
end
threads.each(&:join)
p count
p m.locked?, m.owned?
t = Thread.new { m.lock; m.owned? }
p t.value, m.locked?, m.owned?
m.synchronize { p m.owned? }
begin
  m.unlock
rescue ThreadError => e
  p e.message
end
m2 = Mutex.new
m2.lock
t = Thread.new do
  m2.unlock
rescue ThreadError => e
  e.message
end
p t.value

# ConditionVariable: each signal wakes one waiter, broadcast the rest
m = Mutex.new
cv = ConditionVariable.new
woken = []
waiters = 3.times.map do |i|
  Thread.new do
    m.synchronize do
      cv.wait(m)
      woken << i
    end
  end
end
Thread.pass until waiters.all?(&:stop?)
m.synchronize { cv.signal }
Thread.pass until woken.size == 1
p woken.size
m.synchronize { cv.broadcast }
waiters.each(&:join)
p woken.sort
m.synchronize { p cv.wait(m, 0.01).equal?(m) }
m.synchronize { p m.sleep(0.01) }

# many threads
p 100.times.map { |i| Thread.new { i } }.sum(&:value)
