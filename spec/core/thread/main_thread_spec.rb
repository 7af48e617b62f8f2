# Thread with only the main thread: Thread.current/main/list, fiber-locals, thread variables,
# name, status, inspect, join/value on the current thread, ThreadGroup, and Thread.new without a
# block. (Threads themselves are in the specs beside this one: the oracle has none.)
def show
  r = yield
  p r
rescue => e
  puts "#{e.class}: #{e.message}"
end

t = Thread.current
p t.class, t.equal?(Thread.main), t == Thread.main, Thread.list == [t], Thread.list.size
p t.alive?, t.status, t.stop?, t.name
p t.inspect.sub(/0x\h+/, "X"), t.to_s == t.inspect
t.name = "worker"
p t.name, t.name.frozen?, t.inspect.sub(/0x\h+/, "X")
t.name = nil
p t.name
show { t.name = 1 }

# fiber-locals
p t[:a], (t[:a] = 1), t[:a], t["a"], t.key?(:a), t.key?("a"), t.key?(:b), t.keys
t["b"] = 2
p t.keys, t[:b]
t[:a] = nil
p t.keys, t.key?(:a)
p t.fetch(:b), t.fetch(:zz, 3), t.fetch(:zz) { |k| [k] }
show { t.fetch(:zz) }
show { t[1] }
show { t[1] = 2 }

# thread variables
p t.thread_variable_get(:v), t.thread_variable_set(:v, 2), t.thread_variable_get("v")
p t.thread_variable?(:v), t.thread_variable?(:w), t.thread_variables
t.thread_variable_set("w", nil)
p t.thread_variable?(:w), t.thread_variables

show { t.join }
show { t.join(1) }
show { t.value }
p t.priority, t.report_on_exception, t.abort_on_exception
p Thread.abort_on_exception, Thread.report_on_exception
p Thread.pass, Thread.pending_interrupt?, t.pending_interrupt?
p Thread.handle_interrupt(Object => :never) { 5 }
p t.backtrace.class
show { Thread.stop }

p t.group.equal?(ThreadGroup::Default), ThreadGroup::Default.list == [t]
g = ThreadGroup.new
p g.add(t).equal?(g), t.group.equal?(g), ThreadGroup::Default.list, g.list == [t]
ThreadGroup::Default.add(t)

show { Thread.allocate }
show { Thread.new }
p require("thread")
