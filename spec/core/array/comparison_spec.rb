# Array <=> == eql? hash equality, comparison of nested and mixed arrays
p [1, 2] <=> [1, 3]
p [1, 2] <=> [1, 2]
p [1, 2, 3] <=> [1, 2]
p [] <=> [1]
p [1, "a"] <=> [1, 2]
p [1, 2] <=> 5
p [[1, 2], [1]].sort
p [1, 2] == [1, 2]
p [1, [2]] == [1, [2]]
p [1] == [1.0]
p [1].eql?([1.0])
p [1, 2].hash == [1, 2].hash
p [1, 2].hash == [2, 1].hash
p [] == []
p [1] == 1
p [[3, 1], [2, 9], [3, 0]].max
