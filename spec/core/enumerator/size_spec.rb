p [1,2,3].combination(2).size, [1,2,3].permutation.size, [1,2,3].repeated_permutation(2).size, [1,2,3].repeated_combination(2).size, [1,2].combination(5).size, [1,2,3].permutation(2).size
def g = to_enum(:g) { 3 }
p g.size
