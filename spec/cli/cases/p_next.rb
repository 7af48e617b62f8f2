# the program `rubra -pe 'next if $. == 2; $_ = "#{$.}: #{$_}"' in1.txt` runs, written out for the oracle
ARGV.replace(["in1.txt"])
while gets($/)
  next if $. == 2; $_ = "#{$.}: #{$_}"
  print $_
end
