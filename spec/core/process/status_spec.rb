# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle cannot run subprocesses
# Process::Status: what $? says about a child that exited or was killed by a signal.
def show(st, pid)
  [st.exitstatus, st.success?, st.exited?, st.signaled?, st.stopped?, st.termsig, st.stopsig,
   st.coredump?, st.to_i, st.pid == pid, st.to_s.sub(pid.to_s, "PID"), st.inspect.sub(pid.to_s, "PID")]
end

pid = spawn("sh", "-c", "exit 7")
Process.wait(pid)
p show($?, pid)
p $?.equal?(Process.last_status)

pid = spawn("sh", "-c", "kill -TERM $$")
Process.wait(pid)
p show($?, pid)

pid = spawn("sh", "-c", "kill -KILL $$")
_, st = Process.wait2(pid)
p show(st, pid)

pid = spawn("true")
Process.wait(pid)
p show($?, pid)
p $? == 0, $? == 1

pid = spawn("sleep", "5")
p Process.wait(pid, Process::WNOHANG)
p Process.kill(:TERM, pid)
Process.wait(pid)
p $?.termsig, $?.signaled?
p Process::Status.instance_methods(false).include?(:exitstatus)
