# Array.new with size, default and block; Array() and [] forms
p Array.new
p Array.new(3)
p Array.new(3, 0)
p Array.new(3) { _1 * _1 }
a = Array.new(2, [])
a[0] << 1
p a
b = Array.new(2) { [] }
b[0] << 1
p b
p Array.new([1, 2])
p Array.new(0) { raise "never" }
p Array[1, 2, 3]
p Array.new(2, "x").map(&:length)
begin
  Array.new(-1)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  Array.new("3")
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
