# exit with no argument ends the program with status 0
def work
  puts "working"
  exit
  puts "unreachable"
end
[1, 2].each do |i|
  puts i
  work if i == 2
end
puts "after"
