# IO#gets/StringIO#gets with one argument: nil or something with to_str is the separator, anything
# else a limit converted with to_int.
require "stringio"
o = Object.new
def o.to_int = 3
s = Object.new
def s.to_str = "o"
io = StringIO.new("one\ntwo\nthree\n")
p io.gets(o), io.gets(s), io.gets(2), io.gets(nil)
io.rewind
begin
  io.gets(:x)
rescue => e
  p e.class
end
p io.gets(1.9)
