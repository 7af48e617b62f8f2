# yield and block_given?
def twice
  yield
  yield
end
twice { puts "in block" }
def give(*args) = yield(*args)
p give(1, 2) { |a, b| a + b }
p give([1, 2]) { |a, b| [a, b] }
p give(1) { |a, b| [a, b] }
p give(1, 2, 3) { |a| a }
def maybe
  return "no block" unless block_given?
  yield
end
p maybe
p maybe { "with block" }
def ret_of_yield = yield(5) * 2
p ret_of_yield { |v| v + 1 }
def each_pair_like
  yield :a, 1
  yield [:b, 2]
end
each_pair_like { |k, v| p [k, v] }
each_pair_like { |x| p x }
def no_block_yield = yield
begin
  no_block_yield
rescue LocalJumpError => e
  puts "LocalJumpError: #{e.message}"
end
def yield_kw = yield(1, k: 2)
yield_kw { |a, k:| p [a, k] }
def nested
  [1, 2].map { |x| yield x }
end
p nested { |v| v * 10 }
def yield_hash = yield({ a: 1 })
yield_hash { |h| p h }
