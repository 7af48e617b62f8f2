-ne
print if $. != 2
in1.txt
in2.txt
