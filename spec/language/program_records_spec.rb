# A program over an array of hashes: filtering, formatting, sorting, grouping, memoised Hash defaults
inventory = [
  { name: "apple", price: 1.2, qty: 10 },
  { name: "pear", price: 0.8, qty: 0 },
  { name: "kiwi", price: 2.5, qty: 4 },
]
in_stock = inventory.reject { |i| i[:qty].zero? }
puts in_stock.map { |i| "#{i[:name].ljust(6)} #{'%5.2f' % (i[:price] * i[:qty])}" }
total = in_stock.sum { |i| i[:price] * i[:qty] }
puts "Total: #{total.round(2)}"
p inventory.find { |i| i[:name] == "kiwi" }&.fetch(:qty)
p inventory.sort_by { |i| -i[:price] }.map { |i| i[:name] }
p inventory.each_with_index.map { |item, idx| "#{idx + 1}. #{item[:name]}" }
p inventory.min_by(2) { |i| i[:price] }.map { _1[:name] }
p inventory.partition { |i| i[:price] > 1 }.map(&:size)
p inventory.map { |i| i.values_at(:name, :qty) }.to_h
p inventory.sum { _1[:qty] }, inventory.count { _1[:qty] > 0 }, inventory.any? { _1[:price] > 2 }
names = inventory.map { |h| h[:name] }
p names.join(", "), names.map(&:upcase).sort.reverse, names.zip(names.map(&:length))
p names.each_slice(2).to_a, names.cycle.first(4), names.rotate(1), names.sample.class
grid = Array.new(3) { |r| Array.new(3) { |c| r * 3 + c } }
grid.each { |row| puts row.map { |v| v.to_s.rjust(2) }.join(" ") }
p grid.flatten.select(&:odd?).each_slice(2).map(&:sum)
memo = Hash.new { |h, n| h[n] = n < 2 ? n : h[n - 1] + h[n - 2] }
p memo[80]
s = "The rain in Spain"
p s.downcase.split.map(&:capitalize).join(" "), s.split.max_by(&:size), s.count("a") rescue p $!
p s.each_char.select { "aeiou".include?(_1.downcase) }.size
p [1, 2, 3].each_cons(2).to_a, [[1, :a], [2, :b]].to_h { |n, s| [s, n] }
p (1..20).select { (_1 % 3).zero? }.map { _1 ** 2 }.take_while { _1 < 200 }
p ObjectSpace.count_objects.key?(:TOTAL), GC.count.is_a?(Integer)
