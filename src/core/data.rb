# Data (a core class since Ruby 3.2): immutable value objects, written in Ruby and compiled the
# first time `Data` is used (src/core/set.rs). As in CRuby, `Data.define` gives the new class its
# own `new`/`[]`/`members` (Data itself and plain subclasses of it have none), `new` turns
# positional arguments into keywords and calls `initialize(**kwargs)`, which checks them
# (String keys are accepted) and freezes the object.
class Data
  class << self
    undef_method :new
  end

  def self.define(*names, &block)
    names = names.map do |n|
      n.is_a?(String) || n.is_a?(Symbol) ? n.to_sym : raise(TypeError, "#{n.inspect} is not a symbol nor a string")
    end
    seen = {}
    names.each do |n|
      raise ArgumentError, "invalid data member: #{n}" if n.end_with?("=")
      raise ArgumentError, "duplicate member: #{n}" if seen[n]
      seen[n] = true
    end
    names.freeze
    klass = Class.new(Data)
    klass.define_singleton_method(:members) { names }
    klass.define_singleton_method(:new) { |*args, **kwargs, &blk| Data.__send__(:__new, self, args, kwargs, blk) }
    klass.singleton_class.__send__(:alias_method, :[], :new)
    names.each { |n| klass.define_method(n) { @__values[n] } }
    klass.class_eval(&block) if block
    klass
  end

  # Class#new for a defined Data class: positional arguments become keywords.
  def self.__new(klass, args, kwargs, blk)
    members = klass.members
    unless args.empty?
      if args.size > members.size
        raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..#{members.size})"
      end
      args.each_with_index { |v, i| kwargs[members[i]] = v }
    end
    obj = klass.allocate
    obj.__send__(:initialize, **kwargs, &blk)
    obj
  end
  private_class_method :__new

  def initialize(**kwargs)
    members = self.class.members
    values = {}
    unknown = []
    kwargs.each do |k, v|
      key = k.is_a?(String) ? k.to_sym : k
      if members.include?(key)
        values[key] = v
      else
        unknown << k
      end
    end
    # as CRuby: too few keywords is a missing-keyword error, else an unknown keyword is one
    missing = members.reject { |m| values.key?(m) }
    if kwargs.size < members.size
      s = missing.size > 1 ? "s" : ""
      raise ArgumentError, "missing keyword#{s}: #{missing.map(&:inspect).join(", ")}"
    end
    unless unknown.empty?
      s = unknown.size > 1 ? "s" : ""
      raise ArgumentError, "unknown keyword#{s}: #{unknown.map(&:inspect).join(", ")}"
    end
    @__values = members.to_h { |m| [m, values[m]] }
    freeze
  end

  def members = self.class.members
  def to_h(&block) = block ? @__values.to_h(&block) : @__values.dup
  def deconstruct = @__values.values

  def deconstruct_keys(keys)
    return @__values.dup if keys.nil?
    raise TypeError, "wrong argument type #{keys.class} (expected Array or nil)" unless keys.is_a?(Array)
    h = {}
    return h if keys.size > @__values.size
    names = members
    keys.each do |k|
      name = if k.is_a?(Symbol) || k.is_a?(String)
        k.to_sym
      else
        i = Integer.try_convert(k)
        raise TypeError, "no implicit conversion of #{k.class} into Integer" if i.nil?
        names[i] if i >= -names.size && i < names.size
      end
      break unless name && @__values.key?(name)
      h[k] = @__values[name]
    end
    h
  end

  def with(*args, **changes)
    raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0)" unless args.empty?
    return self if changes.empty?
    self.class.new(**@__values.merge(changes))
  end

  def ==(other)
    return true if equal?(other)
    return false unless other.class == self.class
    __rubra_recursive(self, true) { other.to_h == @__values }
  end

  def eql?(other)
    return true if equal?(other)
    return false unless other.class == self.class
    __rubra_recursive(self, true) { other.to_h.eql?(@__values) }
  end

  def hash = __rubra_recursive(self, 0) { [self.class, @__values].hash }

  def inspect
    # the class's path, not an overridden `name`
    name = Module.instance_method(:name).bind_call(self.class)
    head = name ? "#<data #{name}" : "#<data"
    __rubra_recursive(self, "#{head}:...>") do
      fields = @__values.map { |k, v| "#{k}=#{v.inspect}" }.join(", ")
      fields.empty? ? "#{head}>" : "#{head} #{fields}>"
    end
  end
  alias to_s inspect

  def instance_variables = []
end
