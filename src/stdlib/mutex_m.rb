# mutex_m: Mutex_m gives an object a Thread::Mutex of its own and Mutex's methods (under their
# own names and with a mu_ prefix), by `include` (with `super` in `initialize`) or `extend`.
# Written for rubra.

module Mutex_m
  VERSION = "0.3.0"

  def self.define_aliases(cl)
    cl.module_eval do
      alias locked? mu_locked?
      alias lock mu_lock
      alias unlock mu_unlock
      alias try_lock mu_try_lock
      alias synchronize mu_synchronize
    end
  end

  def self.append_features(cl)
    super
    define_aliases(cl) unless cl.instance_of?(Module)
  end

  def self.extend_object(obj)
    super
    obj.mu_extended
  end

  def mu_extended
    unless defined?(locked?) && defined?(lock) && defined?(unlock) && defined?(try_lock) &&
           defined?(synchronize)
      Mutex_m.define_aliases(singleton_class)
    end
    mu_initialize
  end

  def mu_synchronize(&block)
    @_mutex.synchronize(&block)
  end

  def mu_locked?
    @_mutex.locked?
  end

  def mu_try_lock
    @_mutex.try_lock
  end

  def mu_lock
    @_mutex.lock
  end

  def mu_unlock
    @_mutex.unlock
  end

  def sleep(timeout = nil)
    @_mutex.sleep(timeout)
  end

  private

  def mu_initialize
    @_mutex = Thread::Mutex.new
  end

  def initialize(*args, **kw, &block)
    mu_initialize
    super(*args, **kw, &block)
  end
end
