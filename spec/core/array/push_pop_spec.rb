# push/append/<< pop shift unshift/prepend insert and their return values
a = [1, 2]
p a.push(3)
p a.push(4, 5)
p a.push
p a.append(6)
p a << 7 << 8
p a.pop
p a.pop(2)
p a
p a.shift
p a.shift(2)
p a
p a.unshift(0)
p a.prepend(-2, -1)
p a.insert(2, :x)
p a.insert(-2, :y, :z)
p a.insert(10, :far)
e = []
p e.pop
p e.shift
p e.pop(2)
p e.shift(3)
p [1, 2].pop(5)
begin
  [1].pop(-1)
rescue ArgumentError => ex
  puts "ArgumentError: #{ex.message}"
end
begin
  [1].insert(-5, 0)
rescue IndexError => ex
  puts "IndexError: #{ex.message}"
end
s = [1]
s.push(s.size) while s.size < 5
p s
