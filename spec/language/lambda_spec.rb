# Lambdas: -> literal, lambda, arity strictness, return semantics
sq = ->(x) { x * x }
p sq.call(4)
p sq.(5)
p sq[6]
p sq.lambda?
add = ->(a, b = 10) { a + b }
p add.(1)
p add.(1, 2)
l2 = lambda { |x| x }
p l2.lambda?
noargs = -> { :none }
p noargs.call
begin
  sq.call(1, 2)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  sq.call
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  sq.call([1, 2])
rescue NoMethodError, TypeError => e
  puts "#{e.class}: #{e.message}"
end
def lambda_return
  l = -> { return 1 }
  v = l.call
  "after lambda: #{v}"
end
p lambda_return
kw = ->(a, b:, c: 3) { [a, b, c] }
p kw.(1, b: 2)
rest = ->(*a, **k) { [a, k] }
p rest.(1, 2, x: 3)
p ->(x) do x + 1 end.call(1)
curried = ->(a, b, c) { a + b + c }.curry
p curried[1][2][3]
compose = sq >> ->(x) { x + 1 }
p compose.call(3)
compose2 = sq << ->(x) { x + 1 }
p compose2.call(3)
nested = ->(x) { ->(y) { x * y } }
p nested.(3).(4)
p [[1, 2]].map(&->((a, b)) { a + b })
