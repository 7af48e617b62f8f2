# Arrays as hash keys: hash/eql? consistency
h = { [1, 2] => :a }
p h[[1, 2]]
p h[[1.0, 2.0]]
k = [1]
h2 = { k => 1 }
p h2[[1]]
p [1, 2].eql?([1, 2])
p [1, 2].hash == [1, 2].dup.hash
p [[1], [1]].uniq
p [[1, 2], [2, 1]].uniq.size
p({ [1] => 1, [1] => 2 }.size) rescue p $!.class
