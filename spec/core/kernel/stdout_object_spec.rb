# $stdout set to an object that is not an IO: what puts, print, p, printf and putc send to
# its write method (several pieces per call when write takes any number of arguments, one
# piece per call when it takes exactly one), and a $stdout object with its own puts.
class Capture
  attr_reader :calls
  def initialize; @calls = []; end
  def write(*a); @calls << a; a.sum { |x| x.to_s.size }; end
end
class OneArg
  attr_reader :calls
  def initialize; @calls = []; end
  def write(s); @calls << s; s.to_s.size; end
end
class OwnPuts
  attr_reader :calls
  def initialize; @calls = []; end
  def write(*a); @calls << [:write, *a]; 0; end
  def puts(*a); @calls << [:puts, *a]; :own; end
end
out = STDOUT
[Capture.new, OneArg.new].each do |c|
  $stdout = c
  puts "a", ["b", nil, ["c\n"]], 7
  puts
  puts []
  print "x", 1, :y
  p :sym
  p 1, "two"
  r = p
  printf("%d-%s\n", 5, "f")
  putc "z"
  putc 66
  $stdout = out
  p r
  c.calls.each { |x| p x }
end
o = OwnPuts.new
$stdout = o
r = puts("hi", 2)
$stdout = out
p r, o.calls
begin
  $stdout = 5
rescue => e
  puts "#{e.class}: #{e.message}"
end
p $stdout.equal?(STDOUT)
