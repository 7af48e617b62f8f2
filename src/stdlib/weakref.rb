# weakref: WeakRef, a delegator (delegate.rb) to an object that it does not keep alive: once the
# collector has freed the object, `weakref_alive?` is false and any call through the reference
# raises WeakRef::RefError. Written for rubra on ObjectSpace::WeakMap (an entry from the
# reference to its object, gone when the object is).

require "delegate"

class WeakRef < Delegator
  class RefError < StandardError
  end

  # reference => object, for every WeakRef
  TARGETS = ObjectSpace::WeakMap.new
  private_constant :TARGETS

  def initialize(obj)
    # nil, true and false are never freed (and a WeakMap cannot tell them from absent)
    @constant = obj if obj.nil? || obj == true || obj == false
    TARGETS[self] = obj unless obj.nil? || obj == true || obj == false
    super
  end

  def __getobj__
    return TARGETS[self] if TARGETS.key?(self)
    return @constant if defined?(@constant)
    ::Kernel.raise RefError, "Invalid Reference - probably recycled", ::Kernel.caller(2)
  end

  def __setobj__(obj)
  end

  # true while the object lives (for nil, true and false: CRuby's "instance-variable")
  def weakref_alive?
    TARGETS.key?(self) || defined?(@constant)
  end
end
