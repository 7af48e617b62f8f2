# frozen_string_literal: true
#
# observer: the Observer pattern. A class that includes Observable keeps a list of observers
# (each an object and the method to call, `update` by default); `changed` marks the object
# changed and `notify_observers(*args)` calls every observer once it is, then clears the mark.
# Written for rubra.

module Observable
  VERSION = "0.1.2"

  # add_observer(observer, func = :update): observer.func(*args) is called on each
  # notification; NoMethodError when it does not answer func
  def add_observer(observer, func = :update)
    @observer_peers = {} unless defined?(@observer_peers)
    unless observer.respond_to?(func)
      raise NoMethodError, "observer does not respond to `#{func}'"
    end
    @observer_peers[observer] = func
  end

  # delete_observer(observer): removes it (answers the method it was called with)
  def delete_observer(observer)
    @observer_peers.delete(observer) if defined?(@observer_peers)
  end

  def delete_observers
    @observer_peers.clear if defined?(@observer_peers)
  end

  def count_observers
    defined?(@observer_peers) ? @observer_peers.size : 0
  end

  # changed(state = true): sets whether the object has changed since the last notification
  def changed(state = true)
    @observer_state = state
  end

  def changed?
    defined?(@observer_state) && @observer_state ? true : false
  end

  # notify_observers(*args): when changed, calls every observer with args and clears the mark
  def notify_observers(*args)
    return unless defined?(@observer_state) && @observer_state
    if defined?(@observer_peers)
      @observer_peers.each { |observer, func| observer.__send__(func, *args) }
    end
    @observer_state = false
  end
end
