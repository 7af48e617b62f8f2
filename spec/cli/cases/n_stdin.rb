# the program `rubra -ne 'print $., " ", $_' < in1.txt` runs, written out for the oracle
ARGV.replace(["in1.txt"])
while gets($/)
  print $., " ", $_
end
