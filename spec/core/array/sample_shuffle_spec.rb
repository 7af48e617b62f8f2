# sample/shuffle: results are printed only in order-independent ways
srand(42)
a = (1..10).to_a
s = a.shuffle
p s.size
p s.sort == a
p a.sample.class
p a.sample(3).size
p a.sample(3).uniq.size
p a.sample(20).sort == a
p [].sample
p [].shuffle
p [7].shuffle
p [7].sample
b = [1, 2, 3]
b.shuffle!
p b.sort
p a.shuffle(random: Random.new(1)).sum
