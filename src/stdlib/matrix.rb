# matrix: immutable Matrix and Vector classes of any numbers (Integer, Rational, Float,
# Complex), with their arithmetic, determinant (direct expansion up to 4x4, then Bareiss'
# fraction-free elimination), rank, inverse (Gauss-Jordan with partial pivoting, exact for
# Integer and Rational entries through `quo`), LUP decomposition (matrix/lup_decomposition),
# and CRuby's printed forms and ExceptionForMatrix errors. Vector is in matrix/vector, the
# errors and coercion in matrix/coercion, the linear algebra in matrix/algebra.
# Written for rubra; the results, including each Float's rounding, follow CRuby's order of
# operations.

require_relative "matrix/coercion"

class Matrix
  include Enumerable
  include ExceptionForMatrix
  include CoercionHelper

  # ---- construction ----

  def self.[](*rows) = self.rows(rows, false)

  def self.rows(rows, copy = true)
    rows = convert_rows(rows, copy)
    rows.each_with_index do |row, i|
      next if row.size == rows[0].size
      raise ErrDimensionMismatch, "row size differs (#{row.size} should be #{rows[0].size})"
    end
    new(rows, rows[0] ? rows[0].size : 0)
  end

  def self.columns(columns) = rows(columns, false).transpose

  def self.build(row_count, column_count = row_count)
    row_count = CoercionHelper.coerce_to_int(row_count)
    column_count = CoercionHelper.coerce_to_int(column_count)
    raise ArgumentError if row_count < 0 || column_count < 0
    return to_enum(:build, row_count, column_count) unless block_given?
    rows = Array.new(row_count) { |i| Array.new(column_count) { |j| yield i, j } }
    new(rows, column_count)
  end

  def self.diagonal(*values)
    size = values.size
    return Matrix.empty if size == 0
    rows = Array.new(size) do |j|
      row = Array.new(size, 0)
      row[j] = values[j]
      row
    end
    new(rows)
  end

  def self.scalar(n, value) = diagonal(*Array.new(n, value))

  def self.identity(n) = scalar(n, 1)

  class << self
    alias_method :unit, :identity
    alias_method :I, :identity
  end

  def self.zero(row_count, column_count = row_count)
    new(Array.new(row_count) { Array.new(column_count, 0) }, column_count)
  end

  def self.row_vector(row) = new([convert_row(row)])

  def self.column_vector(column) = new(convert_row(column).map { |e| [e] }, 1)

  def self.empty(row_count = 0, column_count = 0)
    raise ArgumentError, "One size must be 0" if column_count != 0 && row_count != 0
    raise ArgumentError, "Negative size" if column_count < 0 || row_count < 0
    new([[]] * row_count, column_count)
  end

  def self.vstack(x, *matrices)
    x = CoercionHelper.coerce_to_matrix(x)
    rows = x.send(:rows).map(&:dup)
    matrices.each do |m|
      m = CoercionHelper.coerce_to_matrix(m)
      raise ErrDimensionMismatch, "The given matrices must have #{x.column_count} columns, but one has #{m.column_count}" if m.column_count != x.column_count
      rows.concat(m.send(:rows).map(&:dup))
    end
    new(rows, x.column_count)
  end

  def self.hstack(x, *matrices)
    x = CoercionHelper.coerce_to_matrix(x)
    rows = x.send(:rows).map(&:dup)
    total = x.column_count
    matrices.each do |m|
      m = CoercionHelper.coerce_to_matrix(m)
      raise ErrDimensionMismatch, "The given matrices must have #{x.row_count} rows, but one has #{m.row_count}" if m.row_count != x.row_count
      rows.each_with_index { |row, i| row.concat(m.send(:rows)[i]) }
      total += m.column_count
    end
    new(rows, total)
  end

  def self.combine(*matrices)
    return to_enum(:combine, *matrices) unless block_given?
    return Matrix.empty if matrices.empty?
    matrices.map! { |m| CoercionHelper.coerce_to_matrix(m) }
    x = matrices.first
    matrices.each do |m|
      raise ErrDimensionMismatch unless x.row_count == m.row_count && x.column_count == m.column_count
    end
    rows = Array.new(x.row_count) do |i|
      Array.new(x.column_count) { |j| yield matrices.map { |m| m[i, j] } }
    end
    new(rows, x.column_count)
  end

  def self.convert_rows(rows, copy)
    rows = CoercionHelper.coerce_to(rows, Array, :to_ary)
    rows.map { |row| convert_row(row, copy) }
  end

  def self.convert_row(row, copy = false)
    case row
    when Vector then row.to_a
    when Array then copy ? row.dup : row
    else CoercionHelper.coerce_to(row, Array, :to_ary).then { |a| copy ? a.dup : a }
    end
  end
  private_class_method :convert_rows, :convert_row, :new

  def initialize(rows, column_count = rows[0]&.size || 0)
    @rows = rows
    @column_count = column_count
  end

  # ---- access ----

  attr_reader :column_count
  alias column_size column_count

  def row_count = @rows.size
  alias row_size row_count

  def [](i, j)
    @rows.fetch(i) { return nil }[j]
  end
  alias element []
  alias component []

  def []=(i, j, value)
    raise FrozenError, "can't modify frozen Matrix" if frozen?
    i = index_in(i, row_count, "row")
    j = index_in(j, column_count, "column")
    @rows[i][j] = value
  end

  def row(i, &block)
    if block
      @rows.fetch(i) { return self }.each(&block)
      self
    else
      Vector.elements(@rows.fetch(i) { return nil })
    end
  end

  def column(j)
    if block_given?
      return self if j >= column_count || j < -column_count
      row_count.times { |i| yield @rows[i][j] }
      self
    else
      return nil if j >= column_count || j < -column_count
      Vector.elements(Array.new(row_count) { |i| @rows[i][j] }, false)
    end
  end

  def row_vectors = Array.new(row_count) { |i| row(i) }

  def column_vectors = Array.new(column_count) { |j| column(j) }

  def to_a = @rows.map(&:dup)

  def to_matrix = self

  # ---- iteration ----

  WHICH = %i[all diagonal off_diagonal lower strict_lower strict_upper upper].freeze

  # Yields the elements (of the part `which` names), row by row.
  def each(which = :all)
    return to_enum(:each, which) unless block_given?
    each_with_index(which) { |e, _, _| yield e }
  end

  # Yields each element with its row and column.
  def each_with_index(which = :all)
    return to_enum(:each_with_index, which) unless block_given?
    raise ArgumentError, "expected #{which.inspect} to be one of :all, :diagonal, :off_diagonal, :lower, :strict_lower, :strict_upper or :upper" unless WHICH.include?(which)
    @rows.each_with_index do |row, i|
      row.each_with_index do |e, j|
        yield e, i, j if in_part?(which, i, j)
      end
    end
    self
  end

  def collect(which = :all, &block)
    return to_enum(:collect, which) unless block
    dup.collect!(which, &block)
  end
  alias map collect

  def collect!(which = :all)
    return to_enum(:collect!, which) unless block_given?
    raise FrozenError, "can't modify frozen Matrix" if frozen?
    each_with_index(which) { |e, i, j| @rows[i][j] = yield e }
    self
  end
  alias map! collect!

  def freeze
    @rows.each(&:freeze).freeze
    super
  end

  # ---- parts ----

  def minor(*param)
    case param.size
    when 2
      row_range, col_range = param
      from_row, size_row = range_span(row_range, row_count)
      from_col, size_col = range_span(col_range, column_count)
    when 4
      from_row, size_row, from_col, size_col = param
      return nil if size_row < 0 || size_col < 0
      from_row += row_count if from_row < 0
      from_col += column_count if from_col < 0
    else
      raise ArgumentError, param.inspect
    end
    return nil if from_row > row_count || from_col > column_count || from_row < 0 || from_col < 0
    rows = @rows[from_row, size_row].map { |row| row[from_col, size_col] }
    new_matrix(rows, [column_count - from_col, size_col].min)
  end

  def first_minor(row, column)
    raise RuntimeError, "first_minor of empty matrix is not defined" if empty?
    raise ArgumentError, "invalid row (#{row.inspect} for 0..#{row_count - 1})" unless 0 <= row && row < row_count
    raise ArgumentError, "invalid column (#{column.inspect} for 0..#{column_count - 1})" unless 0 <= column && column < column_count
    rows = to_a
    rows.delete_at(row)
    rows.each { |r| r.delete_at(column) }
    new_matrix(rows, column_count - 1)
  end

  def cofactor(row, column)
    raise RuntimeError, "cofactor of empty matrix is not defined" if empty?
    raise ErrDimensionMismatch unless square?
    first_minor(row, column).determinant * (-1)**(row + column)
  end

  def adjugate
    raise ErrDimensionMismatch unless square?
    Matrix.build(row_count, column_count) { |i, j| cofactor(j, i) }
  end

  # ---- properties ----

  def empty? = column_count == 0 || row_count == 0

  def square? = column_count == row_count

  def zero? = all?(&:zero?)

  def regular? = !singular?

  def singular? = determinant == 0

  def real? = all?(&:real?)

  def diagonal?
    raise ErrDimensionMismatch unless square?
    each(:off_diagonal).all?(&:zero?)
  end

  def lower_triangular? = each(:strict_upper).all?(&:zero?)

  def upper_triangular? = each(:strict_lower).all?(&:zero?)

  def symmetric?
    raise ErrDimensionMismatch unless square?
    each_with_index(:strict_upper).all? { |e, i, j| e == @rows[j][i] }
  end

  def antisymmetric?
    raise ErrDimensionMismatch unless square?
    each_with_index(:upper).all? { |e, i, j| e == -@rows[j][i] }
  end
  alias skew_symmetric? antisymmetric?

  def hermitian?
    raise ErrDimensionMismatch unless square?
    each_with_index(:upper).all? { |e, i, j| e == @rows[j][i].conj }
  end

  # Whether the rows are orthonormal (unitary?: with the conjugate).
  def orthogonal? = orthonormal_rows?(false)

  def unitary? = orthonormal_rows?(true)

  def normal?
    raise ErrDimensionMismatch unless square?
    @rows.each_with_index.all? do |row_i, i|
      @rows.each_with_index.all? do |row_j, j|
        s = 0
        @rows.each_with_index { |row_k, k| s += row_i[k] * row_j[k].conj - row_k[i].conj * row_k[j] }
        s == 0
      end
    end
  end

  # Whether each row and each column holds one 1 and zeros otherwise.
  def permutation?
    raise ErrDimensionMismatch unless square?
    taken = Array.new(column_count)
    @rows.each do |row|
      found = false
      row.each_with_index do |e, j|
        if e == 1
          return false if found || taken[j]
          found = taken[j] = true
        elsif e != 0
          return false
        end
      end
      return false unless found
    end
    true
  end

  # The [row, column] of the first element equal to value (or for which the block is true),
  # in the part `which` names.
  def index(*args)
    raise ArgumentError, "wrong number of arguments(#{args.size} for 0-2)" if args.size > 2
    which = args.size == 2 || WHICH.include?(args.last) ? args.pop : :all
    return to_enum(:find_index, which, *args) unless block_given? || args.size == 1
    if args.size == 1
      each_with_index(which) { |e, i, j| return i, j if e == args.first }
    else
      each_with_index(which) { |e, i, j| return i, j if yield e }
    end
    nil
  end
  alias find_index index

  # The matrix turned by quarter turns (:clockwise or 1, :half_turn or 2,
  # :counter_clockwise or 3; an Integer counts modulo 4).
  def rotate_entries(rotation = :clockwise)
    rotation %= 4 if rotation.respond_to?(:to_int)
    case rotation
    when 0 then dup
    when 1, :clockwise then new_matrix(@rows.transpose.each(&:reverse!), row_count)
    when 2, :half_turn then new_matrix(@rows.map(&:reverse).reverse!, column_count)
    when 3, :counter_clockwise then new_matrix(@rows.transpose.reverse!, row_count)
    else
      raise ArgumentError, "expected #{rotation.inspect} to be one of :clockwise, :counter_clockwise, :half_turn or an integer"
    end
  end

  def ==(other)
    return false unless Matrix === other && column_count == other.column_count
    rows == other.rows
  end

  def eql?(other)
    return false unless Matrix === other && column_count == other.column_count
    rows.eql?(other.rows)
  end

  def hash = @rows.hash

  # ---- arithmetic ----

  def *(m)
    case m
    when Numeric
      new_matrix(@rows.map { |row| row.map { |e| e * m } }, column_count)
    when Vector
      (self * self.class.column_vector(m)).column(0)
    when Matrix
      raise ErrDimensionMismatch if column_count != m.row_count
      other = m.rows
      rows = @rows.map do |row|
        Array.new(m.column_count) do |j|
          sum = 0
          column_count.times { |k| sum += row[k] * other[k][j] }
          sum
        end
      end
      new_matrix(rows, m.column_count)
    else
      apply_through_coercion(m, :*)
    end
  end

  def +(m) = add_or_subtract(:+, m)

  def -(m) = add_or_subtract(:-, m)

  def /(other)
    case other
    when Numeric then new_matrix(@rows.map { |row| row.map { |e| e / other } }, column_count)
    when Matrix then self * other.inverse
    else apply_through_coercion(other, :/)
    end
  end

  def hadamard_product(m) = combine(m) { |a, b| a * b }
  alias entrywise_product hadamard_product

  def combine(*matrices, &block) = Matrix.combine(self, *matrices, &block)

  def hstack(*matrices) = self.class.hstack(self, *matrices)

  def vstack(*matrices) = self.class.vstack(self, *matrices)

  def **(exp)
    case exp
    when Integer
      if exp == 0
        raise ErrDimensionMismatch unless square?
        self.class.identity(column_count)
      elsif exp < 0
        inverse.power_int(-exp)
      else
        power_int(exp)
      end
    when Numeric
      raise ErrOperationNotImplemented, ["**", self.class, exp.class]
    else
      raise ErrOperationNotDefined, ["**", self.class, exp.class]
    end
  end

  def +@ = self

  def -@ = collect { |e| -e }

  def abs = collect(&:abs)

  def round(ndigits = 0) = map { |e| e.round(ndigits) }

  def conjugate = collect(&:conjugate)
  alias conj conjugate

  def real = collect(&:real)

  def imaginary = collect(&:imaginary)
  alias imag imaginary

  def rect = [real, imag]
  alias rectangular rect

  def coerce(other)
    case other
    when Numeric then [Scalar.new(other), self]
    else raise TypeError, "#{self.class} can't be coerced into #{other.class}"
    end
  end

  # ---- linear algebra: matrix/algebra ----

  def lup = LUPDecomposition.new(self)
  alias lup_decomposition lup

  # ---- printing ----

  def to_s
    return "#{self.class}.empty(#{row_count}, #{column_count})" if empty?
    "#{self.class}[" + @rows.map { |row| "[" + row.map(&:to_s).join(", ") + "]" }.join(", ") + "]"
  end

  def inspect
    return "#{self.class}.empty(#{row_count}, #{column_count})" if empty?
    "#{self.class}#{@rows.inspect}"
  end

  protected

  attr_reader :rows

  # self ** exp for exp >= 1, by repeated squaring.
  def power_int(exp)
    if exp == 1
      self
    elsif exp.odd?
      self * power_int(exp - 1)
    else
      half = power_int(exp / 2)
      half * half
    end
  end

  private

  def initialize_copy(other)
    super
    @rows = @rows.map(&:dup) unless frozen?
  end

  def new_matrix(rows, column_count = rows[0]&.size || 0)
    self.class.send(:new, rows, column_count)
  end

  def index_in(i, size, what)
    i = CoercionHelper.coerce_to_int(i)
    raise IndexError, "given #{what} #{i} is outside of #{-size}...#{size}" if i >= size || i < -size
    i < 0 ? i + size : i
  end

  def orthonormal_rows?(conjugate)
    raise ErrDimensionMismatch unless square?
    @rows.each_with_index do |row_i, i|
      @rows.each_with_index do |row_j, j|
        s = 0
        row_count.times { |k| s += row_i[k] * (conjugate ? row_j[k].conj : row_j[k]) }
        return false unless s == (i == j ? 1 : 0)
      end
    end
    true
  end

  def in_part?(which, i, j)
    case which
    when :all then true
    when :diagonal then i == j
    when :off_diagonal then i != j
    when :lower then i >= j
    when :strict_lower then i > j
    when :strict_upper then i < j
    else i <= j
    end
  end

  # The start and length of a Range of indices within size.
  def range_span(range, size)
    from = range.first
    from += size if from < 0
    to = range.end || size - 1
    to += size if to < 0
    to += 1 unless range.exclude_end? && range.end
    [from, to - from]
  end

  def add_or_subtract(op, m)
    case m
    when Numeric then raise ErrOperationNotDefined, [op.to_s, self.class, m.class]
    when Vector then m = self.class.column_vector(m)
    when Matrix
    else return apply_through_coercion(m, op)
    end
    raise ErrDimensionMismatch unless row_count == m.row_count && column_count == m.column_count
    other = m.rows
    rows = Array.new(row_count) do |i|
      Array.new(column_count) { |j| @rows[i][j].__send__(op, other[i][j]) }
    end
    new_matrix(rows, column_count)
  end
end

require_relative "matrix/algebra"
require_relative "matrix/vector"
require_relative "matrix/lup_decomposition"
