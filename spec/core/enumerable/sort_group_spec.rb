# sort, sort_by, group_by, partition, chunk_while, slice_when, tally, uniq
p [3, 1, 2].sort
p [3, 1, 2].sort { |a, b| b <=> a }
p %w[banana Apple cherry].sort
p %w[bb a ccc].sort_by(&:length)
p [[2, "b"], [1, "z"], [2, "a"]].sort
p (1..6).sort_by { [_1 % 3, -_1] }
p({ b: 2, a: 1 }.sort)
p({ b: 2, a: 1, c: 0 }.sort_by { |k, v| v })
p (1..10).group_by { _1 % 3 }
p %w[one two three four].group_by(&:length)
p (1..10).partition(&:even?)
p [1, 2, 4, 9, 10, 11, 12, 15].chunk_while { |a, b| b == a + 1 }.to_a
p [1, 2, 4, 9, 10, 11, 12, 15].slice_when { |a, b| b != a + 1 }.to_a
p [1, 1, 2, 3, 3].chunk { _1.odd? }.to_a
p %w[a b a c a b].tally
p [1, 1, 2, 3, 3].uniq
p [1, 2, 3, 4].uniq { _1 % 2 }
p [].sort, [].group_by { 1 }, [].tally
begin
  [1, "a"].sort
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p [0.5, 1, -2].sort
p [3, 1, 2].max_by { -_1 }
