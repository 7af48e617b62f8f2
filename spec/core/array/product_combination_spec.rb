# product, combination, permutation, repeated_combination, transpose, each_slice
p [1, 2].product([3, 4])
p [1, 2].product([3], [5, 6])
p [1, 2].product
p [1, 2].product([])
p [1, 2, 3].combination(2).to_a
p [1, 2, 3].combination(0).to_a
p [1, 2, 3].combination(4).to_a
p [1, 2, 3].permutation(2).to_a
p [1, 2, 3].permutation.to_a.length
p [1, 2].repeated_combination(2).to_a
p [1, 2].repeated_permutation(2).to_a
p [[1, 2], [3, 4], [5, 6]].transpose
p [].transpose
begin
  [[1], [2, 3]].transpose
rescue IndexError => e
  puts "IndexError: #{e.message}"
end
p (1..7).to_a.each_slice(3).to_a
p [1, 2, 3].each_slice(2).map(&:sum)
p [1, 2, 3, 4].each_cons(2).map { _1 * _2 }
p [1, 2, 3].combination(2).count
