# inject/reduce with symbols, initial values and blocks; sum
p [1, 2, 3, 4].inject(:+)
p [1, 2, 3, 4].reduce(10, :+)
p [1, 2, 3, 4].inject { |s, x| s * x }
p [1, 2, 3].reduce(100) { |s, x| s - x }
p [].inject(:+)
p [].inject(0, :+)
p [5].inject { |s, x| s + x }
p (1..5).inject(:*)
p %w[a b c].inject(:+)
p [[1, 2], [3, 4]].inject(:+)
p({ a: 1, b: 2 }.inject(0) { |s, (k, v)| s + v })
p [1, 2, 3].sum
p [1, 2, 3].sum(10)
p [0.1, 0.2, 0.3].sum
p [1, 2.5].sum
p (1..100).sum
p (1..10).sum { _1 * 2 }
p [[1], [2]].sum([])
p ["a", "b"].sum("")
p({ a: 1, b: 2 }.sum { |k, v| v })
p [3, 5].inject(:lcm)
begin
  ["a"].sum
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
