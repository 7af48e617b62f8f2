# Monitor, MonitorMixin and MonitorMixin::ConditionVariable on one thread: reentrant
# enter/exit, try_enter, synchronize, ownership checks and their errors, conditions with a
# timeout, and the mixin through include and extend.
require "monitor"

def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

m = Monitor.new
show { m.exit }
show { m.mon_check_owner }
p m.try_enter, m.mon_locked?, m.mon_owned?, m.enter, m.exit, m.mon_owned?, m.exit, m.mon_locked?
p m.synchronize { m.synchronize { m.mon_owned? } }, m.mon_locked?
p m.mon_synchronize { :inner }, m.try_mon_enter, m.mon_try_enter
m.mon_exit
m.mon_exit
p m.mon_locked?
show { m.synchronize { raise IndexError, "inside" } }
p m.mon_locked?

c = m.new_cond
p c.class
show { c.wait }
show { c.signal }
show { c.broadcast }
p m.synchronize { c.wait(0.01) }
p m.synchronize { c.signal; c.broadcast; :signaled }
n = 0
p m.synchronize { c.wait_until { (n += 1) > 0 } }, n
p m.synchronize { c.wait_while { false } }
f = Fiber.new { m.mon_owned? }
p m.synchronize { f.resume }

class Account
  include MonitorMixin
  attr_reader :balance
  def initialize(balance)
    super()
    @balance = balance
  end
  def deposit(n)
    synchronize { mon_synchronize { @balance += n } }
  end
end
a = Account.new(10)
p a.deposit(5), a.balance, a.mon_locked?, a.instance_variables.sort
cond = a.new_cond
p a.synchronize { cond.wait(0.01) }
a.mon_enter
p a.mon_owned?, a.mon_try_enter
a.mon_exit
a.mon_exit
show { a.mon_exit }
show { a.send(:mon_initialize) }

o = Object.new.extend(MonitorMixin)
p o.synchronize { 1 }, o.respond_to?(:mon_enter), o.instance_variables.sort
p MonitorMixin.instance_methods(false).sort
p MonitorMixin::ConditionVariable.instance_methods(false).sort
p require("monitor")
