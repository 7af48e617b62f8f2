# the program `rubra -pe '$_ = $_.upcase' in1.txt` runs, written out for the oracle
ARGV.replace(["in1.txt"])
while gets($/)
  $_ = $_.upcase
  print $_
end
