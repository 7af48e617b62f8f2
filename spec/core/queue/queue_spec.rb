# Thread::Queue and Thread::SizedQueue with only the main thread: push/pop and their aliases,
# non_block and timeout:, close, clear, size, the initial items, and CRuby's errors.
def show
  r = yield
  p r
rescue => e
  puts "#{e.class}: #{e.message}"
end

p Queue, Thread::Queue, SizedQueue, Thread::SizedQueue, SizedQueue.superclass
p Thread::Queue.ancestors, ClosedQueueError.superclass
q = Queue.new
p q.size, q.length, q.empty?, q.num_waiting, q.closed?
p q.push(1).equal?(q), (q << 2).equal?(q), q.enq(3).equal?(q)
p q.size, q.empty?
p q.pop, q.shift, q.deq, q.empty?
show { q.pop(true) }
show { q.pop(non_block = true) }
p q.pop(timeout: 0), q.pop(timeout: 0.01), q.pop(false, timeout: 0)
show { q.pop(true, timeout: 1) }
show { q.pop(timeout: -1) }
show { q.pop(timeout: "1") }
show { q.pop(tmeout: 1) }
q.push(:a).push(:b)
p q.clear.equal?(q), q.size
q2 = Queue.new([1, 2, 3])
p q2.size, q2.pop
p Queue.new(1..3).size
show { Queue.new(5) }
q2.push(nil)
p q2.pop, q2.pop, q2.pop
p q2.close.equal?(q2), q2.closed?, q2.pop, q2.pop(timeout: 1)
show { q2.push(1) }
show { q2.pop(true) }
begin; q2.freeze; rescue TypeError => e; puts e.message.sub(/0x\h+/, "X"); end
show { q2.marshal_dump }
p Queue.instance_methods(false).sort

sq = SizedQueue.new(2)
p sq.max, sq.size, sq.push(1).equal?(sq), (sq << 2).equal?(sq), sq.size
show { sq.push(3, true) }
p sq.push(3, timeout: 0), sq.enq(3, timeout: 0.01)
show { sq.push(3, true, timeout: 1) }
p sq.pop, sq.push(3).equal?(sq), sq.size
sq.max = 5
p sq.max, sq.push(4).size
show { SizedQueue.new(0) }
show { SizedQueue.new(-1) }
show { sq.max = 0 }
show { SizedQueue.new }
show { SizedQueue.new("2") }
p sq.clear.size, sq.num_waiting
sq.close
show { sq.push(1) }
p sq.pop
p SizedQueue.instance_methods(false).sort

# a subclass that keeps its own state
class Jobs < Queue
  def initialize(name)
    super()
    @name = name
  end
  attr_reader :name
end
j = Jobs.new("work")
j << :x
p j.name, j.size, j.pop

# popping an empty open queue would wait for ever: CRuby's deadlock error
begin
  Queue.new.pop
rescue Exception => e
  p e.class
  puts e.message.lines.first
end
