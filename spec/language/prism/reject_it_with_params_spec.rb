# prism: 3.3-3.3/it_with_ordinary_parameter.txt
# CRuby 4.0 rejects `it` in a block with an ordinary (empty) parameter list: a SyntaxError, nothing runs.
p :before
pr = proc { || it }
p pr.call
