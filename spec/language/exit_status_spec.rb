# exit with a status: ensure blocks run, output before it is kept
puts "start"
begin
  exit 3
ensure
  puts "ensure runs on exit"
end
puts "not reached"
