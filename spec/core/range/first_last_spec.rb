# first/last(n), min/max, minmax, sum, size/count, to_a, begin/end
r = 1..10
p r.first, r.first(3), r.last, r.last(3)
p (1...10).last, (1...10).last(2)
p r.min, r.max, r.minmax, r.sum
p (1...10).max, (1.0..2.5).max, (1..2.5).max rescue p $!.class
p r.min { |a, b| b <=> a }
p r.size, (1...10).size, (1..0).size, (1..).size
p r.count, r.count(&:even?)
p (5..1).min, (5..1).max, (5..1).sum, (5..1).first(2)
p r.begin, r.end, (1..).end, (..5).begin
p r.exclude_end?, (1...2).exclude_end?
p (1.5..3.7).min, (1.5..3.7).max
p ('a'..'c').first, ('a'..'c').last, ('a'..'c').max, ('a'..'c').count
p (1..10**20).sum
p (1..3).sum { _1 * 10 }
p (1..4).minmax_by { -_1 }
begin
  (1..).last
rescue RangeError => e
  puts "RangeError: #{e.message}"
end
begin
  (..1).first
rescue TypeError, RangeError => e
  puts "#{e.class}: #{e.message}"
end
begin
  (1.0..2.0).size
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
