# env: TZ=UTC
# oracle: system ruby 3.1, because prime is a bundled gem the oracle lacks
require "matrix"
m = Matrix[[1, 2], [3, 4]]
p m, m.to_s, m.inspect
p Vector[1, 2], Vector[1, 2].to_s, Vector[1.5, "a"].to_s, Vector[1.5, "a"].inspect
p Matrix.empty(0, 2), Matrix.empty(2, 0).to_s, Matrix.empty, Matrix[[1.5, "a"]].to_s, Matrix[[1.5, "a"]]
p Matrix.ancestors.take(4), Vector.ancestors.take(4)
p ExceptionForMatrix.constants.sort, Matrix::ErrDimensionMismatch.equal?(ExceptionForMatrix::ErrDimensionMismatch)
p Vector::ZeroVectorError.superclass
# construction
p Matrix.identity(3), Matrix.unit(2), Matrix.I(1), Matrix.zero(2, 3), Matrix.zero(2)
p Matrix.build(2, 3) { |i, j| i * 10 + j }, Matrix.build(2).to_a, Matrix.build(1, 2).class
p Matrix.diagonal(1, 2, 3), Matrix.scalar(2, 5), Matrix.rows([[1, 2], [3, 4]]), Matrix.columns([[1, 2], [3, 4]])
p Matrix.row_vector([1, 2]), Matrix.column_vector([1, 2]), Matrix.row_vector(Vector[7, 8])
p Matrix.vstack(m, Matrix[[5, 6]]), Matrix.hstack(m, Matrix[[5], [6]])
p Matrix.combine(m, m) { |a, b| a * b }, m.hadamard_product(m)
rows = [[1, 2], [3, 4]]
a = Matrix.rows(rows)
b = Matrix[*rows]
rows[0][0] = 99
p a[0, 0], b[0, 0]
# access
p m[0, 1], m[1, 0], m[-1, -1], m[5, 0], m[0, 5], m.element(0, 0), m.component(1, 1)
p m.row_count, m.column_count, m.row_size, m.column_size
p m.row(0), m.row(5), m.column(1), m.column(-1), m.column(9)
r = []; m.row(1) { |e| r << e }; m.column(0) { |e| r << e }; p r
p m.row_vectors, m.column_vectors, m.to_a, m.to_a.equal?(m.to_a)
p m.minor(0, 1, 0, 2), m.minor(0..0, 0..1), m.minor(1..-1, 0...1), m.minor(3, 1, 0, 1)
p m.first_minor(0, 0), m.cofactor(0, 1), m.adjugate
# iteration
p m.each.to_a, m.each(:diagonal).to_a, m.each(:off_diagonal).to_a, m.each(:lower).to_a, m.each(:strict_upper).to_a
r = []; m.each_with_index { |e, i, j| r << [e, i, j] }; p r
p m.map { |e| e * 10 }, m.collect(:diagonal) { |e| -e }, m.to_a.flatten.sum, m.sum, m.max, m.include?(4), m.sort.reverse
p m.each.class, m.map.class
# predicates
p m.square?, Matrix[[1, 2]].square?, m.empty?, Matrix.empty.empty?, m.zero?, Matrix.zero(2).zero?
p m.regular?, m.singular?, Matrix[[1, 2], [2, 4]].singular?, m.real?
p Matrix.diagonal(1, 2).diagonal?, m.diagonal?, Matrix[[1, 0], [3, 4]].lower_triangular?, Matrix[[1, 2], [0, 4]].upper_triangular?
p Matrix[[1, 2], [2, 1]].symmetric?, m.symmetric?
# equality
p m == Matrix[[1, 2], [3, 4]], m == Matrix[[1.0, 2], [3, 4]], m.eql?(Matrix[[1.0, 2], [3, 4]]), m.eql?(Matrix[[1, 2], [3, 4]])
p m.hash == Matrix[[1, 2], [3, 4]].hash, m == [[1, 2], [3, 4]], m != m.t
p({ m => 1 }[Matrix[[1, 2], [3, 4]]])
# arithmetic
p m + m, m - m, m * 2, m * 2.5, m * Vector[1, 1], m * m, m * Matrix.identity(2), 2 * m, m / 2, m / 2.0
p m ** 0, m ** 1, m ** 2, m ** 3, m ** -1, m ** -2, -m, +m, Matrix[[-1, 2]].abs
p Matrix[[1, 2, 3]] * Matrix[[1], [2], [3]], Matrix[[1], [2], [3]] * Matrix[[1, 2, 3]]
p m / Matrix[[2, 0], [0, 2]], m * Rational(1, 2), Matrix[[Rational(1, 3), 1]] * 3
p Matrix[[1.25, 2.5]].round(1), Matrix[[Complex(1, 2)]].conj, Matrix[[Complex(1, 2)]].real, Matrix[[Complex(1, 2)]].imag, Matrix[[Complex(1, 2)]].rect
p m + Vector[1, 1].covector.t.hstack(Vector[1, 1].covector.t) rescue p $!
# linear algebra
p m.determinant, m.det, Matrix[[2]].det, Matrix.empty.det, Matrix[[1, 2, 3], [4, 5, 6], [7, 8, 10]].det
p Matrix[[2, 0, 1, 3], [1, 1, 0, 2], [0, 3, 1, 1], [1, 0, 2, 1]].det
p Matrix.build(5) { |i, j| (i + 1) ** j }.det, Matrix.build(6) { |i, j| (i * 7 + j * 3) % 5 }.det
p Matrix[[0, 1, 2], [1, 0, 3], [4, -3, 8]].det, Matrix.build(5) { |i, j| i == 0 ? 0 : i + j }.det
p Matrix[[1.5, 2.25], [3.0, 4.75]].det, Matrix[[0.1, 0.2, 0.3], [0.4, 0.5, 0.6], [0.7, 0.8, 1.0]].det
p Matrix.build(5) { |i, j| 1.0 / (i + j + 1) }.det
p m.inverse, m.inv, Matrix[[2.0, 1], [1, 3]].inverse, Matrix[[0, 1], [1, 0]].inverse
p Matrix[[4, 7, 2], [3, 6, 1], [2, 5, 3]].inverse, Matrix[[0.5, 0.25, 1.0], [2.0, 1.0, 0.0], [1.0, 3.0, 2.0]].inverse
p Matrix.build(4) { |i, j| 1.0 / (i + j + 1) }.inverse.round(6)
p m.rank, Matrix[[1, 2], [2, 4]].rank, Matrix.zero(3).rank, Matrix[[1, 2, 3], [4, 5, 6], [7, 8, 9]].rank, Matrix[[1, 2, 3]].rank, Matrix[[0.5, 1.0], [1.0, 2.0]].rank
p m.trace, m.tr, Matrix.identity(4).trace, m.transpose, m.t, Matrix[[1, 2, 3]].t, Matrix.empty(0, 3).t
lup = m.lup
p lup.class, lup.to_a, lup.l, lup.u, lup.p, lup.pivots, lup.singular?, lup.det, lup.solve(Vector[1, 2]), lup.solve(Matrix[[1, 0], [0, 1]])
l, u, pm = Matrix[[1, 2, 3], [4, 5, 6], [7, 8, 10]].lup
p l, u, pm, pm * Matrix[[1, 2, 3], [4, 5, 6], [7, 8, 10]] == l * u
f = Matrix[[2.0, 1.0, 1.0], [4.0, -6.0, 0.0], [-2.0, 7.0, 2.0]].lup
p f.to_a, f.det, f.solve(Vector[5.0, -2.0, 9.0])
p Matrix[[1, 2], [2, 4]].lup.singular?, Matrix[[1, 2, 3], [4, 5, 6]].lup.to_a
p m.laplace_expansion(row: 0), m.cofactor_expansion(column: 1)
p m.coerce(2).last, m.coerce(2).first.class
# vectors
v = Vector[3, 4]
p v.norm, v.r, v.magnitude, v.inner_product(Vector[1, 1]), v.dot(v), v.normalize, v + v, v - Vector[1, 1], v * 2, 2 * v, v / 2, v / 2.0, -v
p v.to_a, v.size, v[0], v[-1], v[5], v.map { |e| e + 1 }, v.covector, v.to_matrix, v.each.to_a, v.zero?, Vector.zero(3).zero?
p Vector.zero(3), Vector.basis(size: 3, index: 1), Vector.elements([1, 2]), Vector.elements([1, 2], false)
p v.angle_with(Vector[4, -3]), v.angle_with(v), v.angle_with(-v), Vector[1, 2, 3].cross(Vector[4, 5, 6]), Vector[1, 0].cross_product
p Vector[1, 2, 3, 4].cross_product(Vector[0, 1, 0, 0], Vector[0, 0, 1, 0])
p v == Vector[3, 4], v == Vector[3.0, 4], v.eql?(Vector[3.0, 4]), v.hash == Vector[3, 4].hash, v * Matrix[[1, 2]]
p v.each2(Vector[1, 2]).to_a, v.collect2(Vector[1, 2]) { |a, b| a * b }, Vector.independent?(Vector[1, 0], Vector[0, 1]), Vector.independent?(Vector[1, 2], Vector[2, 4])
p Vector[1.26, 2.5].round(1), Vector[Complex(0, 1)].inner_product(Vector[Complex(0, 1)]), Vector[1, 1].norm
# errors
[-> { m + Matrix[[1]] }, -> { Matrix[[1, 2]].inverse }, -> { Matrix[[1, 2], [2, 4]].inverse }, -> { m + 1 }, -> { m - 1 },
 -> { Vector[1] + Vector[1, 2] }, -> { Matrix[[1], [2, 3]] }, -> { m * "x" }, -> { Matrix[[1, 2]].det },
 -> { Vector[1, 2].cross_product(Vector[1, 2]) }, -> { m / Matrix[[1, 2]] }, -> { m[5, 5] = 1 }, -> { m[0, -3] = 1 },
 -> { Vector[1, 2] * Vector[1, 2] }, -> { Vector[0, 0].normalize }, -> { Vector[0, 0].angle_with(Vector[1, 1]) },
 -> { v.angle_with([1, 2]) }, -> { Matrix[[1, 2]].trace }, -> { Matrix[[1, 2]] * Matrix[[1, 2]] }, -> { m ** "2" },
 -> { Matrix.empty(2, 2) }, -> { Matrix.empty.first_minor(0, 0) }, -> { m.first_minor(2, 0) }, -> { Vector[1, 2] / Vector[1, 2] },
 -> { 2 + m }, -> { 2 - v }, -> { 2 / v }, -> { Matrix[[1, 2], [2, 4]].lup.solve(Vector[1, 2]) }, -> { m.lup.solve(Vector[1]) },
 -> { Vector.basis(size: 0, index: 0) }, -> { Vector.basis(size: 2, index: 2) }, -> { m.each(:nope).to_a }, -> { Matrix[[1, 2]].symmetric? },
 -> { m.laplace_expansion }, -> { m.coerce("x") }, -> { Matrix::LUPDecomposition.new([[1]]) }, -> { Vector.zero(-1) }].each do |f|
  r = f.call
  p [:no_error, r]
rescue => e
  p [e.class, e.message]
end
# frozen and mutation
w = m.dup
w[0, 0] = 100
p w, m
x = Matrix[[1, 2], [3, 4]]
x.map! { |e| e * 2 }
p x, x.frozen?
y = Matrix[[1]].freeze
begin
  y[0, 0] = 2
rescue => e
  p e.class
end
u = Vector[1, 2]
u[0] = 5
p u, u.map!(&:succ)
