# the program `rubra -i.bak -pe '$_ = $_.upcase' ed1.txt ed2.txt` runs, written out for the oracle
$-i = ".bak"
ARGV.replace(["ed1.txt", "ed2.txt"])
while gets($/)
  $_ = $_.upcase
  print $_
end
