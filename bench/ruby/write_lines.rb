# Writes 2,000,000 short lines through puts, print, write and << to $stdout (run with stdout
# redirected to /dev/null or a file): the cost of the buffered write path.
i = 0
while i < 500_000
  puts "line #{i}"
  print "p", i, "\n"
  $stdout.write("w", "\n")
  $stdout << "a" << "\n"
  i += 1
end
