# matrix/vector: Vector, the matrix library's immutable vector of numbers: arithmetic with
# numbers, vectors and matrices, inner and cross products, norm, angle, and CRuby's printed
# form. Loaded by matrix.rb.

class Vector
  include ExceptionForMatrix
  include Enumerable
  include Matrix::CoercionHelper

  class ZeroVectorError < StandardError
  end

  def self.[](*array) = new(convert_array(array, false))

  def self.elements(array, copy = true) = new(convert_array(array, copy))

  def self.basis(size:, index:)
    raise ArgumentError, "invalid size (#{size} for 1..)" if size < 1
    raise ArgumentError, "invalid index (#{index} for 0...#{size})" unless 0 <= index && index < size
    array = Array.new(size, 0)
    array[index] = 1
    new(array)
  end

  def self.zero(size)
    raise ArgumentError, "invalid size (#{size} for 0..)" if size < 0
    new(Array.new(size, 0))
  end

  def self.independent?(*vs)
    vs.each do |v|
      raise TypeError, "expected Vector, got #{v.class}" unless v.is_a?(Vector)
      raise ErrDimensionMismatch unless v.size == vs.first.size
    end
    return false if vs.size > vs.first.size
    Matrix[*vs].rank == vs.size
  end

  def self.convert_array(array, copy)
    case array
    when Array then copy ? array.dup : array
    when Vector then array.to_a
    else
      a = Matrix::CoercionHelper.coerce_to(array, Array, :to_ary)
      copy ? a.dup : a
    end
  end
  private_class_method :convert_array, :new

  def initialize(array)
    @elements = array
  end

  # ---- access ----

  def [](i, *rest)
    return @elements[i, *rest] unless rest.empty?
    @elements[i]
  end
  alias element []
  alias component []

  def []=(i, value)
    raise FrozenError, "can't modify frozen Vector" if frozen?
    @elements[i] = value
  end

  def size = @elements.size

  def each(&block)
    return to_enum(:each) unless block
    @elements.each(&block)
    self
  end

  def each2(v)
    raise TypeError, "Integer is not like Vector" if v.is_a?(Integer)
    raise ErrDimensionMismatch if size != v.size
    return to_enum(:each2, v) unless block_given?
    size.times { |i| yield @elements[i], v[i] }
    self
  end

  def collect2(v)
    raise TypeError, "Integer is not like Vector" if v.is_a?(Integer)
    raise ErrDimensionMismatch if size != v.size
    return to_enum(:collect2, v) unless block_given?
    Array.new(size) { |i| yield @elements[i], v[i] }
  end

  def collect(&block)
    return to_enum(:collect) unless block
    self.class.elements(@elements.map(&block), false)
  end
  alias map collect

  def collect!(&block)
    return to_enum(:collect!) unless block
    raise FrozenError, "can't modify frozen Vector" if frozen?
    @elements.map!(&block)
    self
  end
  alias map! collect!

  def to_a = @elements.dup

  def to_matrix = Matrix.column_vector(self)

  def covector = Matrix.row_vector(self)

  def freeze
    @elements.freeze
    super
  end

  def zero? = @elements.all?(&:zero?)

  def ==(other)
    return false unless Vector === other
    @elements == other.elements
  end

  def eql?(other)
    return false unless Vector === other
    @elements.eql?(other.elements)
  end

  def hash = @elements.hash

  # ---- arithmetic ----

  def *(x)
    case x
    when Numeric then self.class.elements(@elements.map { |e| e * x }, false)
    when Matrix then Matrix.column_vector(self) * x
    when Vector then raise ErrOperationNotDefined, ["*", self.class, x.class]
    else apply_through_coercion(x, :*)
    end
  end

  def +(v) = add_or_subtract(:+, v)

  def -(v) = add_or_subtract(:-, v)

  def /(x)
    case x
    when Numeric then self.class.elements(@elements.map { |e| e / x }, false)
    when Matrix, Vector then raise ErrOperationNotDefined, ["/", self.class, x.class]
    else apply_through_coercion(x, :/)
    end
  end

  def +@ = self

  def -@ = collect { |e| -e }

  def round(ndigits = 0) = map { |e| e.round(ndigits) }

  def inner_product(v)
    raise ErrDimensionMismatch if size != v.size
    sum = 0
    each2(v) { |a, b| sum += a * b.conj }
    sum
  end
  alias dot inner_product

  def cross_product(*vs)
    raise ErrOperationNotDefined, "cross product is not defined on vectors of dimension #{size}" unless size >= 2
    raise ArgumentError, "wrong number of arguments (#{vs.size} for #{size - 2})" unless vs.size == size - 2
    vs.each do |v|
      raise TypeError, "expected Vector, got #{v.class}" unless v.is_a?(Vector)
      raise ErrDimensionMismatch unless v.size == size
    end
    case size
    when 2
      Vector[-@elements[1], @elements[0]]
    when 3
      v = vs[0]
      Vector[v[2] * @elements[1] - v[1] * @elements[2],
             v[0] * @elements[2] - v[2] * @elements[0],
             v[1] * @elements[0] - v[0] * @elements[1]]
    else
      rows = [self, *vs, Array.new(size) { |i| Vector.basis(size: size, index: i) }]
      Matrix.rows(rows).laplace_expansion(row: size - 1)
    end
  end
  alias cross cross_product

  def angle_with(v)
    raise TypeError, "Expected a Vector, got a #{v.class}" unless v.is_a?(Vector)
    raise ErrDimensionMismatch if size != v.size
    prod = magnitude * v.magnitude
    raise ZeroVectorError, "Can't get angle of zero vector" if prod == 0
    dot = inner_product(v)
    if dot.abs >= prod
      dot.positive? ? 0 : Math::PI
    else
      Math.acos(dot / prod)
    end
  end

  def magnitude = Math.sqrt(@elements.inject(0) { |sum, e| sum + e.abs2 })
  alias r magnitude
  alias norm magnitude

  def normalize
    n = magnitude
    raise ZeroVectorError, "Zero vectors can not be normalized" if n == 0
    self / n
  end

  def coerce(other)
    case other
    when Numeric then [Matrix::Scalar.new(other), self]
    else raise TypeError, "#{self.class} can't be coerced into #{other.class}"
    end
  end

  def to_s = "Vector[" + @elements.join(", ") + "]"

  def inspect = "Vector" + @elements.inspect

  protected

  attr_reader :elements

  private

  def initialize_copy(other)
    super
    @elements = @elements.dup unless frozen?
  end

  def add_or_subtract(op, v)
    case v
    when Vector
      raise ErrDimensionMismatch if size != v.size
      self.class.elements(collect2(v) { |a, b| a.__send__(op, b) }, false)
    when Matrix
      Matrix.column_vector(self).__send__(op, v)
    else
      apply_through_coercion(v, op)
    end
  end
end
