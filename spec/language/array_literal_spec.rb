# Array literals
p []
p [1]
p [1, 2, 3,]
p [1, "two", :three, 4.0, nil, true, [5, [6]]]
a = [1, 2]
p [0, *a, 3]
p [*nil]
p [*1..3]
p [*"str"]
p [[]]
p Array[1, 2]
p [1, 2].class
b = [
  1,
  2
]
p b
p [a, a]
