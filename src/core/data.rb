# Data (a core class since Ruby 3.2): immutable value objects, written in Ruby and compiled the
# first time `Data` is used (src/core/data.rs).
class Data
  def self.define(*names, &block)
    names = names.map(&:to_sym)
    klass = Class.new(Data)
    klass.instance_variable_set(:@members, names.freeze)
    names.each { |n| klass.define_method(n) { @__values[n] } }
    klass.class_eval(&block) if block
    klass
  end

  def self.members = @members

  def self.new(*args, **kwargs)
    raise NoMethodError, "undefined method 'new' for class Data" if self == Data
    members = self.members
    if args.size > members.size
      raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 0..#{members.size})"
    end
    values = {}
    args.each_with_index { |v, i| values[members[i]] = v }
    kwargs.each do |k, v|
      unless members.include?(k)
        raise ArgumentError, "unknown keyword: #{k.inspect}"
      end
      values[k] = v
    end
    missing = members.reject { |m| values.key?(m) }
    unless missing.empty?
      s = missing.size > 1 ? "s" : ""
      raise ArgumentError, "missing keyword#{s}: #{missing.map(&:inspect).join(", ")}"
    end
    obj = allocate
    obj.__send__(:__data_init, values)
    obj
  end

  def __data_init(values)
    @__values = values
    freeze
  end
  private :__data_init

  def members = self.class.members
  def to_h(&block) = block ? @__values.to_h(&block) : @__values.dup

  def with(**changes)
    return self if changes.empty?
    self.class.new(**@__values.merge(changes))
  end

  def ==(other) = other.class == self.class && other.to_h == @__values
  def eql?(other) = other.class == self.class && other.to_h.eql?(@__values)
  def hash = [self.class, @__values].hash

  def inspect
    name = self.class.name
    fields = @__values.map { |k, v| "#{k}=#{v.inspect}" }.join(", ")
    head = name ? "#<data #{name}" : "#<data "
    fields.empty? ? "#{head}>" : "#{head} #{fields}>"
  end
  alias to_s inspect

  def instance_variables = []
end
