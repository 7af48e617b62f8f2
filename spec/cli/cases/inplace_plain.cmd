-i
-ne
print unless $_.start_with?("second"); $stdout.puts "seen #{$.}" if $. == 3
ed1.txt
