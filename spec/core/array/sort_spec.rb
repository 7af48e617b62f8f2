# sort, sort!, sort_by, sort_by!, reverse, max/min with blocks
a = [5, 3, 9, 1]
p a.sort
p a
p a.sort!
p a
p a.sort { |x, y| y <=> x }
p %w[ccc a bb].sort_by(&:length)
w = %w[ccc a bb]
w.sort_by! { -_1.length }
p w
p [[2, :b], [1, :a]].sort
p [0.1, -1, 3].sort
p ["b", "B", "a"].sort
p [].sort
p [3, 1, 2].sort.reverse
p [1, 2, 3].sort_by { 0 }
begin
  [1, nil].sort
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  [3, 1].sort { nil }
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
