# Classic matrix multiplication: two 100 x 100 Float matrices (Arrays of Arrays) multiplied
# with the inner loops written as `n.times do ... end` blocks, three times over. Prints
# the trace of the product (times 1000, rounded) as the checksum.
def matrix(n, seed)
  Array.new(n) { |i| Array.new(n) { |j| ((i * n + j + seed) % 17) / 4.0 - 2.0 } }
end

def multiply(a, b, n)
  c = Array.new(n) { Array.new(n, 0.0) }
  n.times do |i|
    ai = a[i]
    ci = c[i]
    n.times do |k|
      aik = ai[k]
      bk = b[k]
      n.times do |j|
        ci[j] += aik * bk[j]
      end
    end
  end
  c
end

n = 100
a = matrix(n, 1)
b = matrix(n, 7)
trace = 0.0
3.times do
  c = multiply(a, b, n)
  n.times { |i| trace += c[i][i] }
  a = c.map { |row| row.map { |v| v / 50.0 } }
end
puts (trace * 1000).round
