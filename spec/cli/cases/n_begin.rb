# the program `rubra -ne 'BEGIN { n = 0; puts "start" }; n += 1; print n, ":", $_' in1.txt` runs, written out for the oracle
n = 0; puts "start"
ARGV.replace(["in1.txt"])
while gets($/)
  n += 1; print n, ":", $_
end
