# StringIO writing: write, <<, print, puts, printf, putc, modes, truncate, $stdout redirection
require "stringio"

io = StringIO.new
io.write("abc", 1, :x)
io << "def" << 5
io.print("p", "q")
io.puts("line", [1, [2]], nil)
io.printf("%05.1f|%s\n", 3.14159, "x")
io.putc "Z"
io.putc 65
p io.string, io.pos, io.size
io.rewind
io.write("XY")
p io.string
io.seek(30)
io.write("!")
p io.string
io.truncate(5)
p io.string, io.pos
s = +"hello"
w = StringIO.new(s, "a")
w.write(" world")
p s, w.pos
w = StringIO.new(+"hello", "w")
p w.string
w.write("hi")
p w.string
r = StringIO.new("frozen".freeze)
begin
  r.write("x")
rescue IOError => e
  p e.class, e.message
end
r2 = StringIO.new(+"abc", "r")
begin
  r2.write("x")
rescue IOError => e
  p e.message
end
w2 = StringIO.new(+"abc", "w")
begin
  w2.read
rescue IOError => e
  p e.message
end
c = StringIO.new(+"abc")
p c.closed?, c.closed_read?, c.closed_write?
c.close_write
p c.closed?, c.closed_write?, c.read
c.close
p c.closed?
begin
  c.read
rescue IOError => e
  p e.message
end
begin
  c.write("x")
rescue IOError => e
  p e.message
end
old = $stdout
$stdout = StringIO.new
puts "captured", 42
print "a", "b"
p :sym
printf("%d\n", 7)
$stdout.write("w\n")
out = $stdout.string
$stdout = old
p out
sio = StringIO.new(+"")
sio.string = +"new text"
p sio.read, sio.pos
p StringIO.new("x").sync, StringIO.new("x").fileno, StringIO.new("x").tty?, StringIO.new("x").flush.class
p StringIO.open("blk") { |f| f.read.upcase }
p StringIO.new("abc").inspect.start_with?("#<StringIO")
p StringIO.new.string.encoding
x = StringIO.new(+"")
x.set_encoding("BINARY")
x.write("\xff".b)
p x.string.bytes
