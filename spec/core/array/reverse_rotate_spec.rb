# reverse, reverse!, rotate with positive/negative counts, rotate!
p [1, 2, 3].reverse
p [].reverse
a = [1, 2, 3]
a.reverse!
p a
p [1, 2, 3, 4].rotate
p [1, 2, 3, 4].rotate(2)
p [1, 2, 3, 4].rotate(-1)
p [1, 2, 3, 4].rotate(10)
p [].rotate(3)
b = [1, 2, 3]
p b.rotate!(1)
p b
