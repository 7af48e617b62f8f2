# env: TZ=UTC
# oracle: system ruby 3.1, because mutex_m is a bundled gem the oracle lacks
# Mutex_m: an object gets Mutex's methods by extend (a plain object) or include (a class whose
# initialize calls super): lock/unlock/try_lock/locked?/synchronize and the mu_ names.
require "mutex_m"

o = Object.new
o.extend(Mutex_m)
p o.locked?, o.try_lock, o.locked?, o.try_lock
o.unlock
p o.mu_locked?, o.synchronize { o.locked? }, o.locked?
o.mu_lock
p o.mu_locked?
o.mu_unlock
begin
  o.unlock
rescue ThreadError => e
  p e.message
end

class Counter
  include Mutex_m
  attr_reader :n
  def initialize(start)
    super()
    @n = start
  end
  def bump = synchronize { @n += 1 }
end
c = Counter.new(1)
p c.bump, c.n, c.locked?, c.respond_to?(:mu_synchronize)
p Mutex_m::VERSION.class
