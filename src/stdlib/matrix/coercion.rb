# matrix/coercion: the matrix library's errors (ExceptionForMatrix), the helpers Matrix and
# Vector share (Matrix::CoercionHelper: conversions, handing an operation to the other
# operand's `coerce`), and Matrix::Scalar, what `2 * matrix` turns the 2 into. Loaded by
# matrix.rb before Matrix itself.

module ExceptionForMatrix
  class ErrDimensionMismatch < StandardError
    def initialize(message = nil)
      super(message || "Dimension mismatch")
    end
  end

  class ErrNotRegular < StandardError
    def initialize(message = nil)
      super(message || "Not Regular Matrix")
    end
  end

  # Given [operator, left class, right class], says the operation is not defined for them.
  class ErrOperationNotDefined < StandardError
    def initialize(vals)
      vals = "Operation(#{vals[0]}) can't be defined: #{vals[1]} op #{vals[2]}" if vals.is_a?(Array)
      super(vals)
    end
  end

  class ErrOperationNotImplemented < StandardError
    def initialize(vals)
      vals = "Sorry, Operation(#{vals[0]}) not implemented: #{vals[1]} op #{vals[2]}" if vals.is_a?(Array)
      super(vals)
    end
  end
end

class Matrix
  # Shared by Matrix and Vector: arguments made Integers, Arrays, and operations handed to
  # the other operand's `coerce`.
  module CoercionHelper
    def self.coerce_to(obj, cls, meth)
      return obj if obj.is_a?(cls)
      raise TypeError, "Expected a #{cls} but got a #{obj.class}" unless obj.respond_to?(meth)
      ret = obj.__send__(meth)
      raise TypeError, "can't convert #{obj.class} into #{cls} (#{obj.class}##{meth} gives #{ret.class})" unless ret.is_a?(cls)
      ret
    end

    def self.coerce_to_int(obj) = coerce_to(obj, Integer, :to_int)

    def self.coerce_to_matrix(obj) = coerce_to(obj, Matrix, :to_matrix)

    private

    def apply_through_coercion(obj, oper)
      pair = obj.coerce(self)
      raise TypeError unless pair.is_a?(Array) && pair.length == 2
      pair[0].public_send(oper, pair[1])
    rescue
      raise TypeError, "#{obj.inspect} can't be coerced into #{self.class}"
    end

    # An Array of obj's elements (a Vector's, a to_ary's).
    def convert_to_array(obj, copy = false)
      case obj
      when Array then copy ? obj.dup : obj
      when Vector then obj.to_a
      else
        a = CoercionHelper.coerce_to(obj, Array, :to_ary)
        copy ? a.dup : a
      end
    end
  end

  # What `2 * matrix` sees: Matrix#coerce wraps the number in one.
  class Scalar < Numeric
    include ExceptionForMatrix
    include CoercionHelper

    def initialize(value)
      @value = value
    end

    def +(other) = scalar_op(:+, other)
    def -(other) = scalar_op(:-, other)

    def *(other)
      case other
      when Numeric then Scalar.new(@value * other)
      when Vector, Matrix then other.collect { |e| @value * e }
      else apply_through_coercion(other, :*)
      end
    end

    def /(other)
      case other
      when Numeric then Scalar.new(@value / other)
      when Vector then raise ErrOperationNotDefined, ["/", @value.class, other.class]
      when Matrix then self * other.inverse
      else apply_through_coercion(other, :/)
      end
    end

    def **(other)
      case other
      when Numeric then Scalar.new(@value ** other)
      when Vector then raise ErrOperationNotDefined, ["**", @value.class, other.class]
      when Matrix then raise ErrOperationNotImplemented, ["**", @value.class, other.class]
      else apply_through_coercion(other, :**)
      end
    end

    private

    def scalar_op(op, other)
      case other
      when Numeric then Scalar.new(@value.__send__(op, other))
      when Vector, Matrix then raise ErrOperationNotDefined, [op.to_s, @value.class, other.class]
      else apply_through_coercion(other, op)
      end
    end
  end
end
