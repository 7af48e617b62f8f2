# the program `rubra -ne 'print if $. != 2' in1.txt in2.txt` runs, written out for the oracle
ARGV.replace(["in1.txt", "in2.txt"])
while gets($/)
  print if $. != 2
end
