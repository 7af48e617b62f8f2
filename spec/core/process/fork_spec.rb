# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle cannot run subprocesses
# Kernel#fork / Process.fork: buffered output is written once (before the fork), a child with a
# block ends as a program ends (at_exit handlers, its exit status), exit! skips at_exit.
puts "before fork"
print "partial line, "
at_exit { puts "at_exit of #{$$ == Process.pid ? 'the right process' : '?'}" }
pid = fork do
  puts "in the child"
  exit 3
end
# the parent prints after the wait: printed before it, its lines would race the child's
first = [pid.is_a?(Integer), pid == Process.pid]
waited = Process.wait(pid) == pid
p(*first)
p waited
puts "child exited #{$?.exitstatus}, success #{$?.success?}, exited #{$?.exited?}, pid ok #{$?.pid == pid}"

pid = Process.fork
if pid.nil?
  puts "child without a block, parent is #{Process.ppid == $parent ? 'unknown' : 'known'}"
  exit!(4)
end
got, st = Process.wait2(pid)
p got == pid, st.class, st.exitstatus, st.to_i, st == 4 << 8

pid = fork { puts "block value is ignored"; :ignored }
Process.waitpid(pid)
p $?.exitstatus

pid = fork { abort }
Process.wait(pid)
p $?.exitstatus

pid = fork { exit! }
Process.wait(pid)
p $?.exitstatus

pid = fork { exit!(true) }
Process.wait(pid)
p $?.success?

pid = fork { exit false }
Process.wait(pid)
p $?.success?

# the child's $$ is its own pid
r, w = IO.pipe
pid = fork { r.close; w.puts($$ == Process.pid); w.puts(Process.ppid); w.close }
w.close
lines = [r.gets.chomp, r.gets.to_i == Process.pid]
r.close
Process.wait(pid)
p lines

# several children, then waitall
pids = 3.times.map { |i| fork { exit i + 10 } }
all = Process.waitall
p all.map { |pid, st| [pids.index(pid), st.exitstatus] }.sort
begin
  Process.wait
rescue Errno::ECHILD => e
  p e.message
end
p Process.waitall
