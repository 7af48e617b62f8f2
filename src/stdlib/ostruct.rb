# frozen_string_literal: true
#
# ostruct: OpenStruct, an object whose attributes are set and read like methods
# (`o = OpenStruct.new(name: "x"); o.size = 3; o.size`). The attributes live in a Hash of
# Symbols (`@table`); each one set gets a reader and a writer as singleton methods, unless a
# subclass of OpenStruct defines a method by that name. Written for rubra.

class OpenStruct
  VERSION = "0.6.1"

  # OpenStruct.new(hash = nil): an attribute per pair of hash
  def initialize(hash = nil)
    @table = {}
    hash&.each_pair do |k, v|
      k = k.to_sym
      @table[k] = v
      __define_member(k)
    end
  end

  def initialize_copy(orig)
    super
    @table = @table.dup
  end

  def initialize_clone(orig, freeze: nil)
    super
    @table = @table.dup unless freeze.nil? ? orig.frozen? : freeze
  end

  # to_h -> a Hash of the attributes; with a block, of the pairs it answers
  def to_h(&block)
    block ? @table.to_h(&block) : @table.dup
  end

  # each_pair { |name, value| ... } -> self
  def each_pair
    return to_enum(:each_pair) { @table.size } unless block_given?
    @table.each_pair { |pair| yield pair }
    self
  end

  def marshal_dump
    @table
  end

  def marshal_load(hash)
    @table = hash
  end

  # Reads an attribute (nil when it was never set) or, for `name=`, sets one.
  def method_missing(mid, *args)
    name = mid.to_s
    if name.end_with?("=")
      if args.size != 1
        raise ArgumentError, "wrong number of arguments (given #{args.size}, expected 1)"
      end
      self[name.chomp("=")] = args[0]
    elsif args.empty?
      @table[mid]
    else
      super
    end
  end

  def respond_to_missing?(mid, include_private = false)
    @table.key?(mid.to_s.chomp("=").to_sym) || super
  end

  # [name] -> the attribute's value
  def [](name)
    @table[name.to_sym]
  end

  # [name] = value: sets the attribute (defining its methods)
  def []=(name, value)
    name = name.to_sym
    raise FrozenError.new("can't modify frozen #{self.class}: #{inspect}", receiver: self) if frozen?
    __define_member(name)
    @table[name] = value
  end

  # dig(name, ...) -> the value at that path
  def dig(name, *names)
    begin
      name = name.to_sym
    rescue NoMethodError
      raise TypeError, "#{name} is not a symbol nor a string"
    end
    @table.dig(name, *names)
  end

  # delete_field(name) -> the removed value (the block's value, or NameError, when it has no
  # such attribute)
  def delete_field(name)
    sym = name.to_sym
    begin
      singleton_class.remove_method(sym, "#{sym}=")
    rescue NameError
      # the methods were not defined (a protected name)
    end
    @table.delete(sym) do
      return yield if block_given?
      raise NameError.new("no field '#{sym}' in #{self}", sym)
    end
  end

  # The attributes being inspected, so that a structure containing itself prints `...`.
  INSPECTING = []
  private_constant :INSPECTING

  # inspect -> "#<OpenStruct a=1, b=2>"
  def inspect
    return "#<#{self.class} ...>" if INSPECTING.any? { |o| o.equal?(self) }
    INSPECTING.push(self)
    begin
      fields = @table.map { |k, v| " #{k}=#{v.inspect}" }
      "#<#{self.class}#{fields.join(",")}>"
    ensure
      INSPECTING.pop
    end
  end
  alias to_s inspect

  attr_reader :table
  protected :table
  alias table! table

  def ==(other)
    other.is_a?(OpenStruct) && @table == other.table!
  end

  def eql?(other)
    other.is_a?(OpenStruct) && @table.eql?(other.table!)
  end

  def hash
    @table.hash
  end

  def freeze
    @table.freeze
    super
  end

  private

  # Defines the reader and writer of name as singleton methods, unless a subclass (or a
  # module it includes) defines a method by that name or they are defined already.
  def __define_member(name)
    return if @table.key?(name) && singleton_class.method_defined?(name, false)
    return if __protected_name?(name)
    define_singleton_method(name) { @table[name] }
    define_singleton_method("#{name}=") { |x| self[name] = x }
  end

  def __protected_name?(name)
    return false unless respond_to?(name, true)
    return true if name.end_with?("!")
    owner = method(name).owner
    return owner < OpenStruct if owner.instance_of?(Class)
    self.class.ancestors.take_while { |m| m != OpenStruct }.include?(owner)
  end
end
