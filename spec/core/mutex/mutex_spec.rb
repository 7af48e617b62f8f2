# Thread::Mutex with only the main thread: lock, unlock, try_lock, locked?, owned?,
# synchronize, sleep with a timeout, and CRuby's ThreadErrors.
def show
  r = yield
  p r
rescue => e
  puts "#{e.class}: #{e.message}"
end

p Mutex, Thread::Mutex, Mutex.equal?(Thread::Mutex)
m = Mutex.new
p m.class, m.locked?, m.owned?
p m.lock.equal?(m)
p m.locked?, m.owned?
show { m.lock }
p m.try_lock
p m.unlock.equal?(m)
show { m.unlock }
p m.try_lock, m.try_lock, m.locked?
m.unlock
p m.synchronize { 42 }
p m.locked?
show { m.synchronize { m.synchronize { } } }
p m.locked?
show { m.synchronize { raise "inside" } }
p m.locked?
show { m.synchronize }
show { m.synchronize { m.unlock } }
p m.locked?
r = m.synchronize do
  [m.locked?, m.owned?, m.try_lock]
end
p r
# sleep with a timeout: unlocks, sleeps, locks again, nil when it timed out
m.lock
p m.sleep(0.01)
p m.locked?, m.owned?
p m.sleep(0)
m.unlock
show { m.sleep(0.01) }
m.lock
show { m.sleep(-1) }
show { m.sleep("1") }
p m.locked?
m.unlock
p Mutex.instance_methods(false).sort
p Mutex.new.frozen?
# a subclass
class MyLock < Mutex
  def with
    synchronize { yield }
  end
end
l = MyLock.new
p l.with { l.locked? }, l.locked?
# the deadlock CRuby reports when the only thread would sleep for ever
m = Mutex.new
m.lock
begin
  m.sleep
rescue Exception => e
  p e.class
  puts e.message.lines.first
end
p m.locked?
