# Thread switches: a token passed 200,000 times around a ring of 8 threads joined by Queues
# (each hop a pop that waits and a push that wakes the next thread), 5,000 threads started and
# joined, and 4 threads taking one Mutex 200,000 times between them.
ring = Array.new(8) { Queue.new }
workers = 8.times.map do |i|
  Thread.new do
    inbox, outbox = ring[i], ring[(i + 1) % 8]
    while (n = inbox.pop) > 0
      outbox << n - 1
    end
    outbox << 0
  end
end
ring[0] << 200_000
workers.each(&:join)
made = 0
5_000.times { made += Thread.new { 1 }.value }
m = Mutex.new
total = 0
4.times.map { Thread.new { 50_000.times { m.synchronize { total += 1 } } } }.each(&:join)
puts made + total
