# Set (a core class in Ruby 4.0), written in Ruby on top of Hash, which keeps the insertion
# order Set iterates in. Loaded once when an interpreter starts (src/core/set.rs).
class Set
  include Enumerable

  def self.[](*items) = new(items)

  def initialize(enum = nil, &block)
    @hash = {}
    return if enum.nil?
    unless enum.respond_to?(:each)
      raise ArgumentError, "value must be enumerable"
    end
    if block
      enum.each { |o| @hash[block.call(o)] = true }
    else
      enum.each { |o| @hash[o] = true }
    end
  end

  def initialize_copy(other)
    @hash = other.instance_variable_get(:@hash).dup
  end

  def compare_by_identity
    @hash.compare_by_identity
    self
  end

  def compare_by_identity? = @hash.compare_by_identity?
  def size = @hash.size
  alias length size
  def empty? = @hash.empty?
  def include?(o) = @hash.key?(o)
  alias member? include?
  alias === include?
  alias contain? include?

  def add(o)
    raise FrozenError, "can't modify frozen Set: #{inspect}" if frozen?
    @hash[o] = true
    self
  end
  alias << add

  def add?(o)
    return nil if include?(o)
    add(o)
  end

  def delete(o)
    raise FrozenError, "can't modify frozen Set: #{inspect}" if frozen?
    @hash.delete(o)
    self
  end

  def delete?(o)
    return nil unless include?(o)
    delete(o)
  end

  def clear
    @hash.clear
    self
  end

  def merge(*enums)
    enums.each { |e| e.each { |o| add(o) } }
    self
  end

  def each(&block)
    return enum_for(:each) { size } unless block
    @hash.each_key(&block)
    self
  end

  def to_a = @hash.keys
  def to_set = self
  def dup = Set.new(to_a)

  def |(enum) = dup.merge(enum)
  alias union |
  alias + |

  def &(enum)
    other = enum.is_a?(Set) ? enum : Set.new(enum)
    Set.new(select { |o| other.include?(o) })
  end
  alias intersection &

  def -(enum)
    other = enum.is_a?(Set) ? enum : Set.new(enum)
    Set.new(reject { |o| other.include?(o) })
  end
  alias difference -

  def ^(enum)
    other = enum.is_a?(Set) ? enum : Set.new(enum)
    (self | other) - (self & other)
  end

  def subset?(other)
    raise ArgumentError, "value must be a set" unless other.is_a?(Set)
    size <= other.size && all? { |o| other.include?(o) }
  end
  alias <= subset?
  def superset?(other)
    raise ArgumentError, "value must be a set" unless other.is_a?(Set)
    other.subset?(self)
  end
  alias >= superset?
  def proper_subset?(other)
    raise ArgumentError, "value must be a set" unless other.is_a?(Set)
    size < other.size && subset?(other)
  end
  alias < proper_subset?
  def proper_superset?(other)
    raise ArgumentError, "value must be a set" unless other.is_a?(Set)
    other.proper_subset?(self)
  end
  alias > proper_superset?
  # Any enumerable is walked once, stopping at the first common element (so an endless one
  # that has one ends too); a Set is probed from the smaller side.
  def intersect?(other)
    if other.is_a?(Set)
      small, big = size <= other.size ? [self, other] : [other, self]
      small.any? { |o| big.include?(o) }
    elsif other.respond_to?(:each)
      other.each { |o| return true if include?(o) }
      false
    else
      raise ArgumentError, "value must be enumerable"
    end
  end
  def disjoint?(other) = !intersect?(other)

  def <=>(other)
    return nil unless other.is_a?(Set)
    return 0 if self == other
    return -1 if proper_subset?(other)
    return 1 if proper_superset?(other)
    nil
  end

  def ==(other)
    return true if equal?(other)
    other.is_a?(Set) && size == other.size && other.all? { |o| include?(o) }
  end

  def eql?(other) = other.is_a?(Set) && @hash.eql?(other.instance_variable_get(:@hash))
  def hash = @hash.keys.map(&:hash).sort.hash

  def map!
    replace(map { |o| yield o })
  end
  alias collect! map!

  def replace(enum)
    @hash.clear
    enum.each { |o| @hash[o] = true }
    self
  end

  def delete_if
    to_a.each { |o| @hash.delete(o) if yield o }
    self
  end

  def keep_if
    to_a.each { |o| @hash.delete(o) unless yield o }
    self
  end

  def select!(&block)
    n = size
    keep_if(&block)
    n == size ? nil : self
  end
  alias filter! select!

  def reject!(&block)
    n = size
    delete_if(&block)
    n == size ? nil : self
  end

  def classify
    h = {}
    each { |o| (h[yield(o)] ||= Set.new) << o }
    h
  end

  def freeze
    @hash.freeze
    super
  end

  def join(sep = nil) = to_a.join(sep)

  def inspect
    __rubra_recursive(self, "Set[...]") { "Set[#{to_a.map(&:inspect).join(", ")}]" }
  end
  alias to_s inspect
end
