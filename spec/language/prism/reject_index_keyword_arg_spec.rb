# prism: 3.3-3.3/keyword_args_in_array_assignment.txt
# CRuby 4.0 rejects keyword arguments in an index assignment: a SyntaxError, nothing runs.
matrix = {}
matrix[5, axis: :y] = 8
p matrix
