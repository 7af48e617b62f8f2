# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) has no threads
# What a thread's exception does: join and value raise it again in the joiner,
# report_on_exception writes a report to $stderr, abort_on_exception raises it in the main
# thread, break/throw out of a thread's block become errors, and a deadlock is fatal.
require "stringio"

def show
  p yield
rescue Exception => e
  puts "#{e.class}: #{e.message.lines.first.chomp}"
end

p Thread.report_on_exception, Thread.abort_on_exception
t = Thread.new { Thread.current.report_on_exception = false; raise ArgumentError, "bad" }
show { t.join }
show { t.value }
p t.status, t.alive?
err = nil
t = Thread.new { Thread.current.report_on_exception = false; raise "same object" }
begin
  t.join
rescue => e
  err = e
end
begin
  t.value
rescue => e
  p e.equal?(err)
end

# the report, on whatever $stderr is
saved = $stderr
$stderr = StringIO.new
t = Thread.new { raise IOError, "reported" }
show { t.join }
report = $stderr.string
$stderr = saved
puts report.lines.first.sub(/0x\h+/, "X").sub(__FILE__, "F")
p report.include?("reported (IOError)")
t = Thread.new { Thread.current.report_on_exception = false; raise "quiet" }
p t.report_on_exception
show { t.join }
Thread.report_on_exception = false
p Thread.new { }.report_on_exception
t = Thread.new { raise "quiet too" }
show { t.join }
Thread.report_on_exception = true

# abort_on_exception raises in the main thread
t = Thread.new do
  Thread.current.report_on_exception = false
  Thread.current.abort_on_exception = true
  Thread.stop
  raise "aborting"
end
Thread.pass until t.stop?
begin
  t.run
  sleep 1
  puts "not reached"
rescue => e
  puts "main got: #{e.message}"
end
Thread.abort_on_exception = true
begin
  Thread.new { Thread.current.report_on_exception = false; raise IndexError, "global" }
  sleep 1
  puts "not reached"
rescue IndexError => e
  puts "main got: #{e.message}"
end
Thread.abort_on_exception = false

# break and throw cannot leave a thread's block; exceptions keep their class
show { Thread.new { Thread.current.report_on_exception = false; throw :nowhere }.join }
show { Thread.new { Thread.current.report_on_exception = false; [1].each { |x| Integer("z#{x}") } }.join }

# rescue inside the thread, ensure after
log = []
t = Thread.new do
  begin
    raise "inner"
  rescue => e
    log << e.message
  ensure
    log << :ensure
  end
  :ok
end
p t.value, log

# a deadlock: every thread waits for another (once: CRuby may not check again)
show { Thread.new { Thread.stop }.join }

# Thread#raise lands where the thread is: in the call it waits in, or in its running code
q = Queue.new
t = Thread.new { q.pop }
t.report_on_exception = false
Thread.pass until t.stop?
t.raise(IOError, "x")
begin
  t.join
rescue IOError => e
  p e.backtrace.first[/:\d+/], e.backtrace.size
end
t = Thread.new { loop { 1 + 1 } }
t.report_on_exception = false
sleep 0.03
t.raise(IOError, "busy")
begin
  t.join
rescue IOError => e
  p e.message, e.backtrace.size
end
