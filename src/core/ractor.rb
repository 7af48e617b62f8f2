# Ractor, the part of it one interpreter can honour: the main Ractor (`current`, `main`,
# `count`), `make_shareable` (deep freeze, or a deep frozen copy with `copy: true`) and
# `shareable?`, with CRuby's rules: immediates, modules, Ractors and deeply frozen values are
# shareable; a Proc only when its self is. Ractor.new is not defined: rubra runs one
# interpreter, as the CRuby 4.0 oracle does, where it is NotImplementedError.
class Ractor
  class Error < RuntimeError; end
  class RemoteError < Error
    attr_reader :ractor
  end
  class IsolationError < Error; end
  class MovedError < Error; end
  class UnsafeError < Error; end
  class ClosedError < StopIteration; end

  def initialize(number)
    @number = number
  end

  def name = nil

  def inspect = "#<Ractor:##{@number} running>"
  alias to_s inspect

  MAIN = allocate
  MAIN.__send__(:initialize, 1)
  MAIN.freeze
  private_constant :MAIN

  class << self
    undef_method :new, :allocate

    def current = MAIN
    def main = MAIN
    def count = 1

    def shareable?(obj)
      __shareable?(obj, {})
    end

    def make_shareable(obj, copy: false)
      obj = __deep_copy(obj, {}) if copy
      __freeze_deep(obj, {})
      obj
    end

    private

    def __immediate?(obj)
      case obj
      when Integer, Float, Symbol, nil, true, false, Module, Ractor then true
      else false
      end
    end

    # The objects `obj` refers to (instance variables, elements, members, ends)
    def __each_ref(obj, &blk)
      obj.instance_variables.each { |iv| yield obj.instance_variable_get(iv) }
      case obj
      when Array then obj.each(&blk)
      when Hash
        obj.each { |k, v| yield k; yield v }
        yield obj.default
        yield obj.default_proc if obj.default_proc
      when Struct then obj.each(&blk)
      when Range then yield obj.begin; yield obj.end
      end
    end

    def __shareable?(obj, seen)
      return true if __immediate?(obj) || seen[obj.__id__]
      return false unless obj.frozen?
      return false if obj.is_a?(Proc)
      seen[obj.__id__] = true
      __each_ref(obj) { |ref| return false unless __shareable?(ref, seen) }
      true
    end

    def __freeze_deep(obj, seen)
      return if __immediate?(obj) || seen[obj.__id__]
      if obj.is_a?(Proc)
        this = obj.binding.receiver
        unless __shareable?(this, {})
          raise IsolationError, "Proc's self is not shareable: #{obj.inspect}"
        end
        return
      end
      seen[obj.__id__] = true
      __each_ref(obj) { |ref| __freeze_deep(ref, seen) }
      obj.freeze
    end

    def __deep_copy(obj, seen)
      return obj if __immediate?(obj) || __shareable?(obj, {})
      return seen[obj.__id__] if seen.key?(obj.__id__)
      copy = obj.clone(freeze: false)
      seen[obj.__id__] = copy
      copy.instance_variables.each do |iv|
        copy.instance_variable_set(iv, __deep_copy(copy.instance_variable_get(iv), seen))
      end
      case copy
      when Array then copy.map! { |e| __deep_copy(e, seen) }
      when Hash
        pairs = copy.map { |k, v| [__deep_copy(k, seen), __deep_copy(v, seen)] }
        copy.clear
        pairs.each { |k, v| copy[k] = v }
      when Struct then copy.each_pair { |k, v| copy[k] = __deep_copy(v, seen) }
      end
      copy
    end
  end
end
