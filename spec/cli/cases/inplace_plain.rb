# the program `rubra -i -ne 'print unless $_.start_with?("second"); $stdout.puts "seen #{$.}" if $. == 3' ed1.txt` runs, written out for the oracle
$-i = ""
ARGV.replace(["ed1.txt"])
while gets($/)
  print unless $_.start_with?("second"); $stdout.puts "seen #{$.}" if $. == 3
end
