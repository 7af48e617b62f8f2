# the program `rubra -F: -lane 'p [$F, $_, $.]' in2.txt` runs, written out for the oracle
$\ = $/
$; = ":"
ARGV.replace(["in2.txt"])
while gets($/, chomp: true)
  $F = $_.split($;)
  p [$F, $_, $.]
end
