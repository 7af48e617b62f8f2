# Array#fetch with default/block, IndexError messages; dig
a = [10, 20, 30]
p a.fetch(1)
p a.fetch(-1)
p a.fetch(5, :default)
p a.fetch(5) { |i| "block #{i}" }
begin
  a.fetch(5)
rescue IndexError => e
  puts "IndexError: #{e.message}"
end
begin
  a.fetch(-4)
rescue IndexError => e
  puts "IndexError: #{e.message}"
end
begin
  [].fetch(0)
rescue IndexError => e
  puts "IndexError: #{e.message}"
end
p [[1, { a: [2] }]].dig(0, 1, :a, 0)
p [nil].dig(0, 1)
p [1, 2].fetch(0.9)
