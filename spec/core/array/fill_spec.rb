# fill with value, start, length, range and block
p [1, 2, 3].fill(0)
p [1, 2, 3].fill(:x, 1)
p [1, 2, 3, 4].fill(:y, 1, 2)
p [1, 2, 3, 4].fill(:z, 1..2)
p [1, 2, 3].fill { _1 * 10 }
p [1, 2, 3].fill(2) { _1 * 10 }
p [1, 2].fill(:w, 3, 2)
p [1, 2, 3].fill(:v, -2)
p [].fill(1)
