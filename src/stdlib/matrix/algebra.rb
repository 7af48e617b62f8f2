# matrix/algebra: Matrix's linear algebra: determinant (the permutation expansion up to 4x4,
# then Bareiss' fraction-free elimination), rank (fraction-free elimination too), inverse
# (Gauss-Jordan with partial pivoting; `quo` keeps Integer matrices exact), trace,
# transpose, and the Laplace expansion. Loaded by matrix.rb.

class Matrix
  def inverse
    raise ErrDimensionMismatch unless square?
    self.class.identity(row_count).send(:inverse_from, self)
  end
  alias inv inverse

  def determinant
    raise ErrDimensionMismatch unless square?
    n = row_count
    return bareiss_determinant if n > 4
    return 1 if n == 0
    det = nil
    (0...n).to_a.permutation.each do |perm|
      term = @rows[0][perm[0]]
      (1...n).each { |i| term *= @rows[i][perm[i]] }
      if det.nil?
        det = term
      elsif odd_permutation?(perm)
        det -= term
      else
        det += term
      end
    end
    det
  end
  alias det determinant

  def rank
    a = to_a
    last_column = column_count - 1
    last_row = row_count - 1
    pivot_row = 0
    previous = 1
    0.upto(last_column) do |k|
      found = (pivot_row..last_row).find { |r| a[r][k] != 0 }
      next unless found
      a[found], a[pivot_row] = a[pivot_row], a[found] unless found == pivot_row
      pivot = a[pivot_row][k]
      (pivot_row + 1).upto(last_row) do |i|
        ai = a[i]
        (k + 1).upto(last_column) do |j|
          ai[j] = (pivot * ai[j] - ai[k] * a[pivot_row][j]) / previous
        end
      end
      pivot_row += 1
      previous = pivot
    end
    pivot_row
  end

  def trace
    raise ErrDimensionMismatch unless square?
    (0...column_count).inject(0) { |sum, i| sum + @rows[i][i] }
  end
  alias tr trace

  def transpose
    return self.class.empty(column_count, 0) if row_count.zero?
    new_matrix(@rows.transpose, row_count)
  end
  alias t transpose

  def laplace_expansion(row: nil, column: nil)
    num = row || column
    raise ArgumentError, "exactly one the row or column arguments must be specified" if !num || (row && column)
    raise ErrDimensionMismatch unless square?
    raise RuntimeError, "laplace_expansion of empty matrix is not defined" if empty?
    raise ArgumentError, "invalid num (#{num.inspect} for 0..#{row_count - 1})" unless 0 <= num && num < row_count
    line = row ? @rows[num] : Array.new(row_count) { |i| @rows[i][num] }
    line.each_with_index.map { |e, k| e * (row ? cofactor(num, k) : cofactor(k, num)) }.inject(:+)
  end
  alias cofactor_expansion laplace_expansion

  private

  def odd_permutation?(perm)
    perm.combination(2).count { |a, b| a > b }.odd?
  end

  # Bareiss' fraction-free elimination (exact for Integers), swapping in a row below when a
  # pivot is zero.
  def bareiss_determinant
    size = row_count
    a = to_a
    sign = 1
    pivot = 1
    size.times do |k|
      previous = pivot
      if (pivot = a[k][k]) == 0
        swap = (k + 1...size).find { |r| a[r][k] != 0 }
        return 0 unless swap
        a[swap], a[k] = a[k], a[swap]
        pivot = a[k][k]
        sign = -sign
      end
      (k + 1).upto(size - 1) do |i|
        ai = a[i]
        (k + 1).upto(size - 1) do |j|
          ai[j] = (pivot * ai[j] - ai[k] * a[k][j]) / previous
        end
      end
    end
    sign * pivot
  end

  # Gauss-Jordan on src's rows, applying every step to self (the identity) as well.
  def inverse_from(src)
    last = row_count - 1
    a = src.to_a
    0.upto(last) do |k|
      best = k
      best_abs = a[k][k].abs
      (k + 1).upto(last) do |j|
        v = a[j][k].abs
        if v > best_abs
          best = j
          best_abs = v
        end
      end
      raise ErrNotRegular if best_abs == 0
      if best != k
        a[best], a[k] = a[k], a[best]
        @rows[best], @rows[k] = @rows[k], @rows[best]
      end
      akk = a[k][k]
      0.upto(last) do |ii|
        next if ii == k
        q = a[ii][k].quo(akk)
        a[ii][k] = 0
        (k + 1).upto(last) { |j| a[ii][j] -= a[k][j] * q }
        0.upto(last) { |j| @rows[ii][j] -= @rows[k][j] * q }
      end
      (k + 1).upto(last) { |j| a[k][j] = a[k][j].quo(akk) }
      0.upto(last) { |j| @rows[k][j] = @rows[k][j].quo(akk) }
    end
    self
  end
end
