# exit(false) exits with status 1; SystemExit can be rescued and inspected first
begin
  exit 7
rescue SystemExit => e
  p e.status
  p e.success?
  p e.message
end
begin
  exit
rescue SystemExit => e
  p e.status
  p e.success?
end
begin
  exit true
rescue SystemExit => e
  p e.status
end
puts "exiting"
exit false
