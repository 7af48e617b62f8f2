# Thread::ConditionVariable with only the main thread: signal and broadcast wake nobody,
# wait(mutex, timeout) sleeps through the mutex.
p ConditionVariable, Thread::ConditionVariable
cv = ConditionVariable.new
p cv.signal.equal?(cv), cv.broadcast.equal?(cv)
m = Mutex.new
m.synchronize do
  p cv.wait(m, 0.01)
  p m.locked?
end
begin
  cv.wait(m, 0.01)
rescue => e
  puts "#{e.class}: #{e.message}"
end
# any object with sleep serves as the mutex
sleeper = Object.new
def sleeper.sleep(t = nil) = [:slept, t]
p cv.wait(sleeper, 3)
p cv.wait(sleeper)
begin
  cv.marshal_dump
rescue => e
  puts "#{e.class}: #{e.message}"
end
p ConditionVariable.instance_methods(false).sort
m.lock
begin
  cv.wait(m)
rescue Exception => e
  p e.class
  puts e.message.lines.first
end
