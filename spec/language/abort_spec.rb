# abort prints its message to stderr and exits with status 1
puts "before abort"
begin
  abort "caught abort"
rescue SystemExit => e
  p e.status
  p e.message
end
abort "final abort message"
