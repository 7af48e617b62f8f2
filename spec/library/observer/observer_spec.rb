# env: TZ=UTC
# oracle: system ruby 3.1, because observer is a bundled gem the oracle lacks
require "observer"
class Ticker
  include Observable
end
t = Ticker.new
o = Object.new
def o.update(*a) = p(a)
p t.add_observer(o)
p t.count_observers, t.changed?
t.changed
t.notify_observers(1, 2)
t.notify_observers(3)
p t.changed?
o2 = Object.new
def o2.call(x) = p([:call, x])
t.add_observer(o2, :call)
t.changed
t.notify_observers(9)
begin
  t.add_observer(Object.new)
rescue NoMethodError => e
  p e.class
end
p t.delete_observer(o2)
t.delete_observers
p t.count_observers
p Observable.instance_methods.sort
p t.changed(false), t.changed
t2 = Ticker.new
p t2.notify_observers(1)
t2.changed
p t2.notify_observers(1)
p t2.delete_observer(3), t2.delete_observers, t2.changed?, t2.changed(nil), t2.changed?
