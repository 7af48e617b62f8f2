# env: TZ=UTC
# oracle: system ruby 3.1, because matrix is a bundled gem the oracle lacks
require "matrix"
ms = [Matrix[[0, 2], [-2, 0]], Matrix[[1, 2], [2, 1]], Matrix[[0, 1], [1, 0]], Matrix.identity(3),
      Matrix[[1, Complex(0, 1)], [Complex(0, -1), 2]], Matrix[[Rational(3, 5), Rational(4, 5)], [Rational(-4, 5), Rational(3, 5)]],
      Matrix[[1, 2], [3, 4]], Matrix[[0, 1, 0], [0, 0, 1], [1, 0, 0]], Matrix[[1, 1], [0, 1]], Matrix.empty]
ms.each do |m|
  p [m.antisymmetric?, m.skew_symmetric?, m.hermitian?, m.orthogonal?, m.unitary?, m.normal?, m.permutation?]
end
p Matrix[[0, Complex(0, 1)], [Complex(0, 1), 0]].unitary?, Matrix[[0, Complex(0, 1)], [Complex(0, 1), 0]].orthogonal?
m = Matrix[[1, 2, 3], [4, 5, 6]]
p m.index(5), m.index(9), m.index(&:even?), m.find_index(4, :strict_lower), m.index(1, :strict_lower), m.index(:diagonal) { |e| e > 1 }
p m.index.class, m.index.to_a, m.index(:upper).to_a
p m.rotate_entries, m.rotate_entries(:clockwise), m.rotate_entries(:counter_clockwise), m.rotate_entries(:half_turn)
p m.rotate_entries(0), m.rotate_entries(1), m.rotate_entries(2), m.rotate_entries(-1), m.rotate_entries(7)
p Matrix.empty(0, 3).rotate_entries, Matrix.empty(2, 0).rotate_entries(:half_turn)
[-> { m.rotate_entries(:sideways) }, -> { m.antisymmetric? }, -> { m.permutation? }, -> { m.orthogonal? },
 -> { m.normal? }, -> { m.hermitian? }, -> { m.index(1, 2, 3) }, -> { m.index(1, :bad) }].each do |f|
  p f.call
rescue => e
  p [e.class, e.message]
end
