# each_with_index, each_with_object, with_index offsets, to_a, to_h, reverse_each
%w[a b c].each_with_index { |x, i| print x, i, " " }
puts
r = (1..3).each_with_index { |x, i| }
p r
p %w[a b].each_with_index.to_a
p (1..4).each_with_object([]) { |x, acc| acc << x * 2 }
p %w[a b a].each_with_object(Hash.new(0)) { |w, h| h[w] += 1 }
p({ a: 1 }.each_with_object({}) { |(k, v), h| h[v] = k })
p %w[x y].each.with_index(1).to_a
p %w[x y].map.with_index(10) { |s, i| "#{s}#{i}" }
p (1..3).to_a
p({ a: 1 }.to_a)
p [[1, 2], [3, 4]].to_h
p %w[a b].to_h { [_1, _1.upcase] }
p (1..3).to_h { [_1, _1 * 2] }
begin
  [1, 2].to_h
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
begin
  [[1, 2, 3]].to_h
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
[1, 2, 3].reverse_each { print _1 }
puts
p (1..3).reverse_each.to_a
p (1..3).each_entry.to_a
