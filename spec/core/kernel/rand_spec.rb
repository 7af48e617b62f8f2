# srand / rand / Random: the MT19937 stream after srand(42), ranges and types
srand(42)
p rand(100)
p rand(100)
p rand(1..6)
p rand.class
p rand(10).class
r = Random.new(42)
p r.rand(100)
srand(1)
a = Array.new(5) { rand(1000) }
srand(1)
b = Array.new(5) { rand(1000) }
p a == b
p a.all? { |x| x.between?(0, 999) }
p rand(0).class
p [1, 2, 3].shuffle(random: Random.new(3)).sort
p [1, 2, 3].sample(random: Random.new(3)).class
p Random.new(5).rand(1.0).class
