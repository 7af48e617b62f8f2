# External iteration: next, peek, rewind, StopIteration with result
e = [1, 2, 3].each
p e.next
p e.peek
p e.next
p e.next
begin
  e.next
rescue StopIteration => ex
  puts "StopIteration: #{ex.message}"
  p ex.result
end
begin
  e.peek
rescue StopIteration => ex
  puts "peek: StopIteration"
end
e.rewind
p e.next
en = Enumerator.new do |y|
  y << :a
  y << :b
  :return_value
end
p en.next
p en.next
begin
  en.next
rescue StopIteration => ex
  p ex.result
end
m = { x: 1 }.each
p m.next
z = [].each
begin
  z.next
rescue StopIteration => ex
  puts "empty: #{ex.class}"
end
gen = Enumerator.new { |y| 3.times { |i| y << i * 10 } }
out = []
loop { out << gen.next }
p out
ch = "abc".split("").each
p [ch.next, ch.next, ch.peek, ch.next]
