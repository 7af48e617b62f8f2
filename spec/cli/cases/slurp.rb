# the program `rubra -0777 -ne 'p $_.size, $_.lines.size' paras.txt in1.txt` runs, written out for the oracle
$/ = nil
ARGV.replace(["paras.txt", "in1.txt"])
while gets($/)
  p $_.size, $_.lines.size
end
