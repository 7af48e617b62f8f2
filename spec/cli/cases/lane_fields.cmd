-lane
puts $F[1]; p $F
in1.txt
