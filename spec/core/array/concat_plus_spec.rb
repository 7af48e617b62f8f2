# concat, +, -, *, &, |, difference, union, intersection, intersect?
a = [1, 2]
p a.concat([3], [4, 5])
p a
p a.concat
p [1, 2] + [2, 3]
p [1, 2, 2, 3, 3] - [2]
p [1, 2] * 2
p [1, 2] * ", "
p [[1], 2] * "-"
p [1, 1, 2, 3] & [1, 3, 5]
p [1, 1, 2] | [2, 3, 3]
p [1, 2, 3].difference([1], [3])
p [1].union([2], [1, 3])
p [1, 2, 3].intersection([2, 3], [3])
p [1, 2].intersect?([2, 9])
p [1, 2].intersect?([])
p [] + []
p [1] * 0
begin
  [1] + 1
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
x = [1]
y = x + [2]
p x.equal?(y)
