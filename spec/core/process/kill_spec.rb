# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle cannot send signals or fork
# Process.kill and trap: signals from this process, from a child to its parent, and from the
# parent to a child, delivered to Ruby handlers.
got = []
trap(:USR1) { |n| got << n }
p Process.kill(:USR1, Process.pid)
sleep 0.1
p got
p trap("USR2") { got << :usr2 }
pid = fork { Process.kill(:USR2, Process.ppid) }
Process.wait(pid)
sleep 0.3
p got
p Process.kill(0, Process.pid)

r, w = IO.pipe
pid = fork do
  r.close
  trap(:TERM) do
    w.puts "child got TERM"
    w.close
    exit 7
  end
  w.puts "ready"
  sleep 5
  w.puts "not interrupted"
end
w.close
p r.gets
Process.kill(:TERM, pid)
p r.gets
Process.wait(pid)
p $?.exitstatus

pid = fork { sleep 5 }
Process.kill(:KILL, pid)
Process.wait(pid)
p $?.signaled?, $?.termsig
begin
  Process.kill(:TERM, pid)
rescue Errno::ESRCH => e
  p e.message
end
