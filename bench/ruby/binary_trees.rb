# Classic binary trees: allocate complete binary trees (a node is a two-element Array, a leaf
# [nil, nil]) of growing depth, walk them to count their nodes, and keep one long-lived tree the
# whole time. Mostly allocation and collection. Prints the node counts as the checksum.
def make(depth)
  return [nil, nil] if depth == 0
  depth -= 1
  [make(depth), make(depth)]
end

def check(node)
  return 1 if node[0].nil?
  1 + check(node[0]) + check(node[1])
end

max_depth = 14
min_depth = 4
stretch = max_depth + 1
puts "stretch tree of depth #{stretch}: #{check(make(stretch))}"
long_lived = make(max_depth)
depth = min_depth
while depth <= max_depth
  iterations = 1 << (max_depth - depth + min_depth)
  sum = 0
  i = 0
  while i < iterations
    sum += check(make(depth))
    i += 1
  end
  puts "#{iterations} trees of depth #{depth}: #{sum}"
  depth += 2
end
puts "long lived tree of depth #{max_depth}: #{check(long_lived)}"
