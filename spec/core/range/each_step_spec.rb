# Range#each, step, %, reverse_each, to_a with integers, floats and strings
(1..3).each { print _1, " " }
puts
(1...3).each { print _1, " " }
puts
r = (1..3).each {}
p r
p (1..10).step(3).to_a
p (1...10).step(3).to_a
p (1.0..2.0).step(0.5).to_a
p (1..2).step(0.5).to_a
p ((1..10) % 4).to_a
(0..6).step(2) { print _1 }
puts
p (5..1).to_a
p (1..1).to_a
p (1...1).to_a
p (1..3).reverse_each.to_a
p ('a'..'e').to_a
p ('a'...'e').to_a
p ('y'..'ab').to_a
p ('A'..'C').map(&:downcase)
p (1..).first(3)
p (1..).each.first(2)
begin
  (1.0..2.0).each { }
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
begin
  (..5).each { }
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
begin
  (1..5).step(0).to_a
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  (1..5).step(-1).to_a
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p (1..10).step(2).class
p (1..10).each_slice(4).to_a
