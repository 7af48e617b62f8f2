# the program `rubra -lane 'puts $F[1]; p $F' in1.txt` runs, written out for the oracle
$\ = $/
ARGV.replace(["in1.txt"])
while gets($/, chomp: true)
  $F = $_.split($;)
  puts $F[1]; p $F
end
