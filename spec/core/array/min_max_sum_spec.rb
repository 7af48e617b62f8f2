# min, max, minmax, sum on arrays, with n and blocks
a = [4, 2, 8, 6]
p a.min, a.max, a.minmax, a.sum
p a.min(2), a.max(3)
p a.min { |x, y| (x % 3) <=> (y % 3) }
p %w[aa b ccc].max_by(&:length)
p [1.5, 1, 2].max
p [].min, [].sum
p [1, 2].sum(0.5)
p [2**64, 1].sum
p ["a", "b"].max
p [[1, 2], [1, 3]].max
