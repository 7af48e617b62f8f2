# Flip-flops: a range literal in a condition
r = []
(1..10).each { |i| r << i if (i == 3)..(i == 5) }
p r
r = []
(1..10).each { |i| r << i if (i % 3 == 0)...(i % 3 == 0) }
p r
r = []
(1..10).each { |i| r << i if (i == 3)..(i == 3) }
p r
r = []
(1..10).each { |i| r << i unless (i == 2)..(i == 8) }
p r
r = []
(1..12).each { |i| r << i if ((i == 2)..(i == 3)) || ((i == 9)..(i == 10)) }
p r
def ff(list)
  list.select { |x| true if (x == :a)..(x == :b) }
end
p ff([:x, :a, :y, :b, :z, :a, :q])
i = 0
out = []
while i < 10
  i += 1
  out << i if (i == 4)...(i == 6)
end
p out
p((1..6).map { |x| (x == 2)..(x == 4) ? :on : :off })
# an ordinary range outside a condition is still a Range
x = (1..3)
p x, (x if true)
