p Random.new(1).rand(1.0...2.0), Random.new(1).rand(1.0..2.0), Random.new(1).rand(2.5), Random.new(1).rand
srand(1); p rand(2.5), rand(0.5), rand(1.5..2.5), rand(3...7)
srand(3); p Random.rand(2.5), rand(2.5)
