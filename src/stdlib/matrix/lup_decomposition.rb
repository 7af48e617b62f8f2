# matrix/lup_decomposition: Matrix::LUPDecomposition, the LU decomposition with partial
# pivoting that Matrix#lup answers (P * A == L * U): `l`, `u`, `p`, `to_a` ([l, u, p]),
# `pivots`, `singular?`, `det`, `solve`. Doolittle's column-by-column form, dividing with
# `quo` so that Integer matrices decompose exactly into Rationals. Loaded by matrix.rb.

class Matrix
  class LUPDecomposition
    include Matrix::CoercionHelper

    attr_reader :pivots

    def initialize(a)
      raise TypeError, "Expected Matrix but got #{a.class}" unless a.is_a?(Matrix)
      @lu = a.to_a
      @row_count = a.row_count
      @column_count = a.column_count
      @pivots = Array.new(@row_count) { |i| i }
      @pivot_sign = 1
      col = Array.new(@row_count)
      @column_count.times do |j|
        @row_count.times { |i| col[i] = @lu[i][j] }
        @row_count.times do |i|
          row = @lu[i]
          s = 0
          [i, j].min.times { |k| s += row[k] * col[k] }
          row[j] = col[i] -= s
        end
        p = j
        (j + 1).upto(@row_count - 1) { |i| p = i if col[i].abs > col[p].abs }
        if p != j
          @column_count.times { |k| @lu[p][k], @lu[j][k] = @lu[j][k], @lu[p][k] }
          @pivots[p], @pivots[j] = @pivots[j], @pivots[p]
          @pivot_sign = -@pivot_sign
        end
        if j < @row_count && @lu[j][j] != 0
          (j + 1).upto(@row_count - 1) { |i| @lu[i][j] = @lu[i][j].quo(@lu[j][j]) }
        end
      end
    end

    def l
      Matrix.build(@row_count, [@column_count, @row_count].min) do |i, j|
        if i > j then @lu[i][j]
        elsif i == j then 1
        else 0
        end
      end
    end

    def u
      Matrix.build([@column_count, @row_count].min, @column_count) do |i, j|
        i <= j ? @lu[i][j] : 0
      end
    end

    def p
      rows = Array.new(@row_count) { Array.new(@row_count, 0) }
      @pivots.each_with_index { |piv, i| rows[i][piv] = 1 }
      Matrix.send(:new, rows, @row_count)
    end

    def to_ary = [l, u, p]
    alias to_a to_ary

    def singular?
      @column_count.times { |j| return true if @lu[j][j] == 0 }
      false
    end

    def det
      raise Matrix::ErrDimensionMismatch if @row_count != @column_count
      d = @pivot_sign
      @column_count.times { |j| d *= @lu[j][j] }
      d
    end
    alias determinant det

    # The x with A * x == b, for a Vector (or Array) or a Matrix b.
    def solve(b)
      raise Matrix::ErrNotRegular, "Matrix is singular." if singular?
      if b.is_a?(Matrix)
        raise Matrix::ErrDimensionMismatch if b.row_count != @row_count
        nx = b.column_count
        m = @pivots.map { |r| b.row(r).to_a }
        forward_back(m) do |k, i, q|
          nx.times { |j| m[i][j] -= m[k][j] * q }
        end
        Matrix.send(:new, m, nx)
      else
        b = convert_to_array(b)
        raise Matrix::ErrDimensionMismatch if b.size != @row_count
        m = b.values_at(*@pivots)
        forward_back(m) { |k, i, q| m[i] -= m[k] * q }
        Vector.elements(m, false)
      end
    end

    private

    # Forward substitution with L, then back substitution with U: yields (k, i, factor) for
    # each "row i -= row k * factor"; divides row k by U's diagonal on the way back.
    def forward_back(m)
      @column_count.times do |k|
        (k + 1).upto(@column_count - 1) { |i| yield k, i, @lu[i][k] }
      end
      (@column_count - 1).downto(0) do |k|
        if m[k].is_a?(Array)
          m[k].map! { |e| e.quo(@lu[k][k]) }
        else
          m[k] = m[k].quo(@lu[k][k])
        end
        k.times { |i| yield k, i, @lu[i][k] }
      end
    end
  end
end
