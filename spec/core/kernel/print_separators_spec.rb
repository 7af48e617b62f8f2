# print with $, and $\ set, print with no arguments ($_), printf to an IO given first,
# and IO#print with the same separators.
print "a", "b", "\n"
$, = "-"
print "a", "b", 1, nil, "\n"
print "single\n"
$, = nil
$\ = "!\n"
print "x"
print "y", "z"
$stdout.print "io"
$\ = nil
$_ = "from underscore\n"
print
$stdout.print
$_ = nil
print
p print("r\n")
printf($stdout, "%05d|%s\n", 42, "io first")
p printf($stdout, "%s\n", "ret")
printf(STDOUT, "plain\n")
printf
path = "/tmp/rubra_spec_kernel_print_separators.txt"
File.open(path, "w") do |f|
  $, = ","
  $\ = ";"
  f.print 1, 2, 3
  $, = nil
  $\ = nil
  printf(f, "%x", 255)
end
p File.read(path)
begin
  printf(5)
rescue => e
  puts "#{e.class}: #{e.message}"
end
File.delete(path)
