# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) has no threads for its timeout thread
require "timeout"
start = Process.clock_gettime(Process::CLOCK_MONOTONIC)
begin
  Timeout.timeout(0.1) { loop { } }
rescue Timeout::Error => e
  p e, e.message, e.class
end
begin
  Timeout.timeout(0.1) { sleep 10 }
rescue Timeout::Error => e
  p e
end
begin
  Timeout.timeout(0.1) { i = 0; i += 1 while true }
rescue Timeout::Error => e
  p e
end
def depth(n) = n == 0 ? 0 : depth(n - 1) + 1
begin
  Timeout.timeout(0.1) { loop { depth(50) } }
rescue Timeout::Error => e
  p e
end
p Timeout.timeout(5) { :fast }
p Timeout.timeout(5) { |s| s }
class MyError < StandardError; end
begin
  Timeout.timeout(0.1, MyError) { sleep 5 }
rescue MyError => e
  p e
end
p(Timeout.timeout(0.1, MyError, "boom") do
  sleep 5
rescue MyError => e
  [:rescued_inside, e]
end)
r = begin
  Timeout.timeout(0.2) { Timeout.timeout(5) { sleep 10 } }
rescue Timeout::Error => e
  [:outer, e]
end
p r
r = Timeout.timeout(5) do
  Timeout.timeout(0.1) { sleep 10 }
rescue Timeout::Error => e
  [:inner, e]
end
p r
ensured = []
begin
  Timeout.timeout(0.1) do
    begin
      sleep 5
    ensure
      ensured << :block
    end
  end
rescue Timeout::Error
  ensured << :caller
end
p ensured
# a deadline that did not pass leaves nothing behind
Timeout.timeout(0.05) { :quick }
sleep 0.2
p :still_running
p Process.clock_gettime(Process::CLOCK_MONOTONIC) - start < 5
# waiting for a child process is interrupted too (the child runs on)
begin
  Timeout.timeout(0.1) { system("sleep 2", out: "/dev/null", err: "/dev/null") }
rescue Timeout::Error => e
  p [:system, e]
end
pid = spawn("sleep 2", out: "/dev/null", err: "/dev/null")
begin
  Timeout.timeout(0.1) { Process.wait(pid) }
rescue Timeout::Error => e
  p [:wait, e]
end
Process.kill(:TERM, pid)
p Process.wait2(pid)[1].termsig
p Timeout.timeout(2) { system("exit 3") }, $?.exitstatus
p Timeout.timeout(2) { Process.wait2(spawn("exit 4"))[1].exitstatus }
p Process.clock_gettime(Process::CLOCK_MONOTONIC) - start < 5
