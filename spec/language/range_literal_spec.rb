# Range literals
p 1..5
p 1...5
p (1..)
p (..5)
p (...5)
p ('a'..'e')
p (1.5..2.5)
p (1..5).to_a
p (1...5).to_a
p (nil..nil)
r = (3..)
p r
p r.end
p (1..5).class
x = 2
p (x..x + 3)
