# prism: 3.3-3.3/block_args_in_array_assignment.txt
# CRuby 4.0 rejects a block argument in an index assignment: a SyntaxError, nothing runs.
matrix = {}
block = nil
matrix[5, &block] = 8
p matrix
