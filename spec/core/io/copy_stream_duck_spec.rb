# IO.copy_stream from a path to a duck-typed writer, and puts/print to a $stdout that is not an
# IO: the Files and Strings made on the way stay alive while Ruby code runs (GC stress finds it).
class W
  def initialize = @s = []
  def write(x) = (@s << x.dup; x.size)
  def s = @s
end
File.write("/tmp/rubra_copy_stream_duck.txt", "hello world\n" * 100)
w = W.new
p IO.copy_stream("/tmp/rubra_copy_stream_duck.txt", w)
p w.s.join.size
File.delete("/tmp/rubra_copy_stream_duck.txt")
class O
  def initialize = @s = +""
  def write(x) = (@s << x; x.size)
  def s = @s
end
o = O.new
$stdout = o
puts "a", "b", ["c", ["d"]]
print "x", "y"
$stdout = STDOUT
p o.s
