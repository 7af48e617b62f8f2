# Array#* of an empty array by a huge count is an empty array at once (no loop over the count),
# and Array#fill from a start past the end fills nothing.
p [] * (2**30), [] * 0, [1, 2] * 0, [1] * 3, [[1]] * 2
p [].fill(1, 2**30), [1, 2].fill(0, 2**30), [1, 2].fill(2**30) { 9 }
p(([1] * -1 rescue $!), ([] * -1 rescue $!), ([1] * "," rescue $!), ([] * nil rescue $!))
