# for-in loops: variable leaks to outer scope, destructuring, ranges, break/next
for i in 1..3
  puts i
end
p i
for a, b in [[1, 2], [3, 4]]
  p [a, b]
end
p [a, b]
for x in [] do end
p x
res = for y in [1, 2, 3]
  next if y == 2
  puts "y=#{y}"
end
p res
r = for z in 1..10
  break z * 100 if z == 3
end
p r
for k, v in { a: 1, b: 2 }
  puts "#{k}=#{v}"
end
sum = 0
for n in 1...5 do sum += n end
p sum
procs = []
for w in 1..3
  procs << -> { w }
end
p procs.map(&:call)
