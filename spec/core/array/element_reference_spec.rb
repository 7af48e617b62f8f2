# Array#[] / slice / at with index, start+length and ranges, negative and out of range
a = [:a, :b, :c, :d, :e]
p a[0], a[4], a[5], a[-1], a[-5], a[-6]
p a[1, 2], a[1, 0], a[1, 10], a[5, 1], a[6, 1], a[-2, 2], a[-6, 2], a[2, -1]
p a[1..3], a[1...3], a[1..], a[..1], a[...1], a[-3..], a[-3..-2], a[4..10], a[5..], a[6..], a[3..1], a[-10..2]
p a[(1..)], a[nil..nil] rescue p $!.class
p a.slice(1), a.slice(1, 2), a.slice(1..2)
p a.at(2), a.at(-1), a.at(9)
p a.first, a.last, a.first(2), a.last(2), a.first(10), a.first(0)
p [].first, [].last, [].first(1)
p a.values_at(0, 2, 10, -1)
p a.dig(0)
p [[1, [2, 3]]].dig(0, 1, 0)
p [[1]].dig(1, 0)
p a[1.9]
p a.take(2)
begin
  a["x"]
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
begin
  a.first(-1)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  [1].dig(0, 0)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
p a[(0..4) % 2] rescue p $!.class
