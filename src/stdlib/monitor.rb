# monitor: reentrant mutual exclusion. Monitor (enter/exit any number of times by the fiber
# holding it), MonitorMixin (the same for any object, its state in @mon_data) and
# MonitorMixin::ConditionVariable (wait, wait_while, wait_until, signal, broadcast).
# Written for rubra on Thread::Mutex and Thread::ConditionVariable; the owner is a fiber, as
# in CRuby, so the errors say "current fiber not owner".

class Monitor
  def initialize
    @mon_mutex = Thread::Mutex.new
    @mon_owner = nil
    @mon_count = 0
  end

  # Waits for the monitor unless this fiber holds it already; counts the entries.
  def enter
    unless @mon_owner.equal?(Fiber.current)
      @mon_mutex.lock
      @mon_owner = Fiber.current
      @mon_count = 0
    end
    @mon_count += 1
    nil
  end
  alias mon_enter enter

  # Takes the monitor if it is free (or already this fiber's): true, else false.
  def try_enter
    unless @mon_owner.equal?(Fiber.current)
      return false unless @mon_mutex.try_lock
      @mon_owner = Fiber.current
      @mon_count = 0
    end
    @mon_count += 1
    true
  end
  alias try_mon_enter try_enter
  alias mon_try_enter try_enter

  # Leaves one entry; the last one frees the monitor.
  def exit
    mon_check_owner
    @mon_count -= 1
    if @mon_count.zero?
      @mon_owner = nil
      @mon_mutex.unlock
    end
    nil
  end
  alias mon_exit exit

  def synchronize
    enter
    begin
      yield
    ensure
      self.exit
    end
  end
  alias mon_synchronize synchronize

  def mon_locked?
    @mon_mutex.locked?
  end

  def mon_owned?
    @mon_mutex.locked? && @mon_owner.equal?(Fiber.current)
  end

  # ThreadError unless this fiber holds the monitor.
  def mon_check_owner
    raise ThreadError, "current fiber not owner" unless @mon_owner.equal?(Fiber.current)
    nil
  end

  def new_cond
    ::MonitorMixin::ConditionVariable.new(self)
  end

  # Waits on Thread::ConditionVariable `cond` with the monitor released (all its entries),
  # then holds it again as before: true when signaled, false when the timeout passed.
  def wait_for_cond(cond, timeout)
    count = @mon_count
    @mon_owner = nil
    @mon_count = 0
    begin
      signaled = cond.wait(@mon_mutex, timeout)
    ensure
      @mon_owner = Fiber.current
      @mon_count = count
    end
    signaled ? true : false
  end
end

module MonitorMixin
  # A condition tied to a monitor: waiting releases the monitor until a signal.
  class ConditionVariable
    def initialize(monitor)
      @monitor = monitor
      @cond = Thread::ConditionVariable.new
    end

    def wait(timeout = nil)
      @monitor.mon_check_owner
      @monitor.wait_for_cond(@cond, timeout)
    end

    def wait_while
      wait while yield
    end

    def wait_until
      wait until yield
    end

    def signal
      @monitor.mon_check_owner
      @cond.signal
    end

    def broadcast
      @monitor.mon_check_owner
      @cond.broadcast
    end
  end

  def self.extend_object(obj)
    super
    obj.__send__(:mon_initialize)
  end

  def mon_try_enter
    @mon_data.try_enter
  end
  alias try_mon_enter mon_try_enter

  def mon_enter
    @mon_data.enter
  end

  def mon_exit
    mon_check_owner
    @mon_data.exit
  end

  def mon_locked?
    @mon_data.mon_locked?
  end

  def mon_owned?
    @mon_data.mon_owned?
  end

  def mon_synchronize(&block)
    @mon_data.synchronize(&block)
  end
  alias synchronize mon_synchronize

  def new_cond
    unless defined?(@mon_data)
      mon_initialize
      @mon_initialized_by_new_cond = true
    end
    ConditionVariable.new(@mon_data)
  end

  private

  def initialize(...)
    super
    mon_initialize
  end

  # Gives the object its monitor (again, for a copy made by dup or clone).
  def mon_initialize
    if defined?(@mon_data) && @mon_data_owner_object_id == object_id
      raise ThreadError, "already initialized"
    end
    @mon_data = ::Monitor.new
    @mon_data_owner_object_id = object_id
  end

  def mon_check_owner
    @mon_data.mon_check_owner
  end
end
