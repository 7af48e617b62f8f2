# frozen_string_literal: true
#
# forwardable: `extend Forwardable` in a class, then `def_delegator :@items, :size` defines
# `size` to call `@items.size` with the same arguments and block. SingleForwardable does the
# same for the singleton methods of one object or module. Written for rubra.
#
# The accessor is an instance variable (:@items), a method (:items), a constant, or any Ruby
# expression as a String ("@items.first"). Each forwarding method is compiled from source as
# `def name(...)`, so it passes positional, keyword and block arguments on unchanged. When the
# target object does not answer the method publicly, the call warns that it forwards to a
# private method and sends it anyway, as CRuby's does.

module Forwardable
  VERSION = "1.4.0"
  FORWARDABLE_VERSION = VERSION

  @debug = nil
  class << self
    attr_accessor :debug
  end

  # delegate [method, ...] => accessor, method => accessor, ...
  def instance_delegate(hash)
    hash.each do |methods, accessor|
      if methods.respond_to?(:each)
        methods.each { |m| def_instance_delegator(accessor, m) }
      else
        def_instance_delegator(accessor, methods)
      end
    end
  end

  # Forwards each method (except __send__ and __id__) to accessor.
  def def_instance_delegators(accessor, *methods)
    methods.each do |m|
      next if m.to_s == "__send__" || m.to_s == "__id__"
      def_instance_delegator(accessor, m)
    end
  end

  # Defines ali (method's name unless given) to forward method to accessor; answers ali.
  def def_instance_delegator(accessor, method, ali = method)
    code, line = Forwardable._delegator_source(self, accessor, method, ali)
    module_eval(code, __FILE__, line)
    ali
  end

  alias delegate instance_delegate
  alias def_delegators def_instance_delegators
  alias def_delegator def_instance_delegator

  # A name that can follow `recv.` in source as it is.
  PLAIN_NAME = /\A[A-Za-z_][A-Za-z0-9_]*[?!]?\z/
  private_constant :PLAIN_NAME

  # The source of the forwarding method (and the line it is compiled at): the definition of
  # ali in `obj` (a module, or the object whose singleton class gets it) forwarding method to
  # the accessor's value.
  def self._delegator_source(obj, accessor, method, ali)
    method = method.to_sym
    ali = ali.to_sym
    target = accessor.to_s
    if method.match?(PLAIN_NAME)
      owner = Module === obj ? obj : obj.class
      loc = caller_locations.find { |l| l.path != __FILE__ }
      where = loc ? "#{loc.path}:#{loc.lineno}" : "(unknown)"
      mesg = "#{owner}##{ali} at #{where} forwarding to private method "
      call = "if defined?(_.#{method}) then _.#{method}(...) else " \
             "::Kernel.warn(#{mesg.dump} + \"\#{_.class}##{method}\", uplevel: 1); " \
             "_.__send__(#{method.inspect}, ...) end"
    else
      call = "_.__send__(#{method.inspect}, ...)"
    end
    ["def #{ali}(...) _ = (#{target}); #{call} end", __LINE__]
  end
end

module SingleForwardable
  # delegate [method, ...] => accessor, ... for self's singleton methods
  def single_delegate(hash)
    hash.each do |methods, accessor|
      if methods.respond_to?(:each)
        methods.each { |m| def_single_delegator(accessor, m) }
      else
        def_single_delegator(accessor, methods)
      end
    end
  end

  def def_single_delegators(accessor, *methods)
    methods.each do |m|
      next if m.to_s == "__send__" || m.to_s == "__id__"
      def_single_delegator(accessor, m)
    end
  end

  def def_single_delegator(accessor, method, ali = method)
    code, line = Forwardable._delegator_source(self, accessor, method, ali)
    singleton_class.module_eval(code, __FILE__, line)
    ali
  end

  alias delegate single_delegate
  alias def_delegators def_single_delegators
  alias def_delegator def_single_delegator
end
