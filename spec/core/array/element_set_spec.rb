# Array#[]= with index, start+length, ranges; growing with nil; negative indices
a = [1, 2, 3]
a[0] = :x
p a
a[5] = :far
p a
a[-1] = :last
p a
b = [1, 2, 3, 4, 5]
b[1, 2] = [:a, :b, :c]
p b
b[0, 0] = [:ins]
p b
b[2..3] = :single
p b
b[1...] = []
p b
c = [1, 2, 3]
c[1..] = [7, 8, 9, 10]
p c
c[-2, 5] = nil
p c
d = [1, 2]
d[4, 0] = [5]
p d
e = [1, 2, 3]
p(e[1] = 10)
p(e[0, 2] = [0])
p e
begin
  [1, 2][-3] = 0
rescue IndexError => ex
  puts "IndexError: #{ex.message}"
end
begin
  [1, 2][-3, 1] = 0
rescue IndexError => ex
  puts "IndexError: #{ex.message}"
end
begin
  [1][0, -1] = 2
rescue IndexError => ex
  puts "IndexError: #{ex.message}"
end
f = []
f[2] = 1
p f
g = [1, 2, 3]
g[0..1] = [[9, 9]]
p g
