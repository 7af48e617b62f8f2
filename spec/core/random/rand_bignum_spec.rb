# Random#rand, Random.rand and Kernel#rand with a Bignum limit draw an Integer (the same one
# CRuby draws from the same seed), and Random's rand refuses a limit below 1.
r = Random.new(42)
p r.rand(2**70), r.rand(2**64), r.rand(2**64 + 1), r.rand(3**50), r.rand(10)
srand(7)
p rand(2**100), rand(-(2**80)).class, rand(2**80) < 2**80
p Random.new(3).rand(2**32), Random.new(3).rand(2**33), Random.new(9).rand(2**200)
p (Random.new(1).rand(-(2**70)) rescue $!), (Random.new(1).rand(-5) rescue $!)
p (Random.new(1).rand(0) rescue $!), (Random.rand(-5) rescue $!), (Random.new(1).rand(-2.5) rescue $!)
p rand(-5).class, rand(0).class
