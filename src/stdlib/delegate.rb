# frozen_string_literal: true
#
# delegate: objects that stand for another object. Delegator answers every method it does not
# define itself by sending it to `__getobj__` (through method_missing); SimpleDelegator keeps
# that object in an instance variable (`__setobj__` changes it); DelegateClass(klass) makes a
# class that defines klass's public methods as forwarding methods. Written for rubra.
#
# Delegator is a BasicObject that includes a copy of Kernel's public methods, without the
# ones that should reach the target (to_s, inspect, ==, ===, =~, !~, <=>, hash), so that
# `class`, `is_a?`, `instance_variable_get`, `frozen?` and the like describe the delegator.

class Delegator < BasicObject
  VERSION = "0.6.1"

  kernel = ::Module.new
  (::Kernel.public_instance_methods - [:to_s, :inspect, :=~, :!~, :===, :<=>, :hash]).each do |m|
    kernel.__send__(:define_method, m, ::Kernel.instance_method(m))
  end
  kernel.__send__(:define_method, :__raise__, ::Kernel.instance_method(:raise))
  kernel.__send__(:private, :__raise__)
  include kernel

  # The methods of Delegator itself, which DelegateClass does not forward.
  def self.public_api
    @public_api ||= public_instance_methods
  end

  def initialize(obj)
    __setobj__(obj)
  end

  # A method the delegator lacks: the target's public method; else Kernel's, on the
  # delegator; else NoMethodError.
  def method_missing(m, *args, &block)
    found = true
    target = __getobj__ { found = false }
    if found && target_respond_to?(target, m, false)
      target.__send__(m, *args, &block)
    elsif ::Kernel.method_defined?(m) || ::Kernel.private_method_defined?(m)
      ::Kernel.instance_method(m).bind_call(self, *args, &block)
    else
      super
    end
  end
  ruby2_keywords(:method_missing) if respond_to?(:ruby2_keywords, true)

  def ==(obj)
    obj.equal?(self) || __getobj__ == obj
  end

  def !=(obj)
    return false if obj.equal?(self)
    __getobj__ != obj
  end

  def eql?(obj)
    obj.equal?(self) || __getobj__.eql?(obj)
  end

  def !
    !__getobj__
  end

  def methods(all = true)
    __getobj__.methods(all) | super
  end

  def public_methods(all = true)
    __getobj__.public_methods(all) | super
  end

  def protected_methods(all = true)
    __getobj__.protected_methods(all) | super
  end

  def __getobj__
    __raise__ ::NotImplementedError, "need to define '__getobj__'"
  end

  def __setobj__(obj)
    __raise__ ::NotImplementedError, "need to define '__setobj__'"
  end

  # Freezes the target and the delegator.
  def freeze
    unless frozen?
      __getobj__.freeze if __getobj__ { nil }
      super
    end
    self
  end

  def marshal_dump
    ivars = instance_variables.reject { |v| v.to_s.start_with?("@delegate_") }
    [:__v2__, ivars, ivars.map { |v| instance_variable_get(v) }, __getobj__]
  end

  def marshal_load(data)
    version, vars, values, obj = data
    if version == :__v2__
      vars.each_with_index { |v, i| instance_variable_set(v, values[i]) }
      __setobj__(obj)
    else
      __setobj__(data)
    end
  end

  private

  def respond_to_missing?(m, include_private)
    found = true
    target = __getobj__ { found = false }
    found &&= target_respond_to?(target, m, include_private)
    if found && include_private && !target_respond_to?(target, m, false)
      ::Kernel.warn "delegator does not forward private method \##{m}", uplevel: 3
      return false
    end
    found
  end

  def target_respond_to?(target, m, include_private)
    target.respond_to?(m, include_private)
  end

  def initialize_clone(obj, freeze: nil)
    __setobj__(obj.__getobj__.clone(freeze: freeze))
  end

  def initialize_dup(obj)
    __setobj__(obj.__getobj__.dup)
  end

  # A block that forwards method m to the target (DelegateClass's methods).
  def self.delegating_block(m)
    ::Kernel.lambda do |*args, &block|
      __getobj__.__send__(m, *args, &block)
    end
  end
end

# A delegator whose target is set by new and __setobj__.
class SimpleDelegator < Delegator
  # The target (the block's value when there is none and a block is given).
  def __getobj__(&block)
    unless defined?(@delegate_sd_obj)
      return block.call if block
      __raise__ ::ArgumentError, "not delegated"
    end
    @delegate_sd_obj
  end

  # Makes obj the target.
  def __setobj__(obj)
    __raise__ ::ArgumentError, "cannot delegate to self" if equal?(obj)
    @delegate_sd_obj = obj
  end
end

# DelegateClass(superclass) { ... } -> a class to inherit from, whose instances forward
# superclass's public (and protected) instance methods to their target
def DelegateClass(superclass, &block)
  klass = Class.new(Delegator)
  skip = Delegator.public_api + [:to_s, :inspect, :=~, :!~, :===]
  protected_ones = superclass.protected_instance_methods - skip
  public_ones = superclass.public_instance_methods - skip
  klass.module_eval do
    def __getobj__(&block)
      unless defined?(@delegate_dc_obj)
        return block.call if block
        __raise__ ::ArgumentError, "not delegated"
      end
      @delegate_dc_obj
    end

    def __setobj__(obj)
      __raise__ ::ArgumentError, "cannot delegate to self" if equal?(obj)
      @delegate_dc_obj = obj
    end

    protected_ones.each do |m|
      define_method(m, Delegator.__send__(:delegating_block, m))
      protected m
    end
    public_ones.each do |m|
      define_method(m, Delegator.__send__(:delegating_block, m))
    end
  end
  klass.define_singleton_method(:public_instance_methods) do |all = true|
    super(all) | superclass.public_instance_methods
  end
  klass.define_singleton_method(:protected_instance_methods) do |all = true|
    super(all) | superclass.protected_instance_methods
  end
  klass.define_singleton_method(:instance_methods) do |all = true|
    super(all) | superclass.instance_methods
  end
  klass.module_eval(&block) if block
  klass
end
