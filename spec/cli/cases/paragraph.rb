# the program `rubra -00 -ne 'p $_' paras.txt` runs, written out for the oracle
$/ = ""
ARGV.replace(["paras.txt"])
while gets($/)
  p $_
end
