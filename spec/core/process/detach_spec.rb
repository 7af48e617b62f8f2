# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) has no subprocesses or threads
# Process.detach: a Process::Waiter thread reaping the child; pid, [:pid], value (the status), join.
pid = spawn("sleep 0.05")
t = Process.detach(pid)
p t.class, t.class.ancestors.take(3), t.pid == pid, t[:pid] == pid
p t.alive?
st = t.value
p st.class, st.success?, st.pid == pid, t.join.equal?(t), t.alive?
p Process::Waiter.instance_methods(false)
p Process.detach(spawn("exit 3")).value.exitstatus
w = Process.detach(pid)
p w.value
