# the program `rubra -lpe '$_ = $_.size.to_s' in1.txt in2.txt` runs, written out for the oracle
$\ = $/
ARGV.replace(["in1.txt", "in2.txt"])
while gets($/, chomp: true)
  $_ = $_.size.to_s
  print $_
end
