# times / upto / downto / step and their return values and enumerators
r = 3.times { |i| print i, " " }
puts
p r
p 0.times.to_a
p 4.times.map { _1 * _1 }
r = 2.upto(5) { |i| print i, " " }
puts
p r
p 5.upto(2).to_a
p 5.downto(2).to_a
p 1.downto(3).to_a
p 1.step(10, 3).to_a
p 10.step(1, -4).to_a
p 1.step(2, 0.5).to_a
p 1.0.step(2.0, 0.25).to_a
p 1.step(by: 2, to: 7).to_a
acc = []
1.step(3) { acc << _1 }
p acc
p 3.times.class
p 3.times.size
p 1.upto(4).sum
p 1.upto(4).select(&:even?)
p -2.upto(2).to_a
begin
  1.step(5, 0) { break }
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p 1.step(3, 1).size
