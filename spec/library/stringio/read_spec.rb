# StringIO reading: read, gets, each_line, getc, ungetc, seek, eof?, lineno
require "stringio"

io = StringIO.new("line one\nline two\n\npara\nlast")
p io.gets, io.lineno
p io.gets(chomp: true), io.pos
p io.read(3), io.read(0), io.getc, io.getbyte
io.ungetc("X")
p io.read(4)
p io.eof?, io.read, io.eof?, io.read, io.read(5), io.gets, io.getc
io.rewind
p io.pos, io.lineno
p io.readlines
io.rewind
p io.each_line.to_a
io.rewind
p io.each_line(chomp: true).map(&:upcase)
io.rewind
p io.gets(""), io.gets(""), io.gets("")
io.rewind
p io.gets(nil)
io.rewind
p io.gets("two"), io.gets(4), io.gets("e", 3)
io.seek(-4, IO::SEEK_END)
p io.read
io.seek(5)
p io.read(3)
io.seek(2, IO::SEEK_CUR)
p io.read(2)
io.pos = 0
buf = +"old"
p io.read(4, buf), buf
p io.read(100, buf).size
p io.read(1, buf), buf
io.rewind
p io.each_char.first(3), io.each_byte.first(2)
io.rewind
p io.readchar, io.readbyte
io.read
begin
  io.readline
rescue EOFError => e
  p e.message
end
begin
  io.readchar
rescue EOFError => e
  p e.message
end
s = StringIO.new("héllo")
p s.getc, s.getc, s.pos, s.read(2), s.size, s.length
s.ungetbyte(0x41)
p s.read
p StringIO.new("a\nb\nc").each_line.with_index.map { |l, i| "#{i}:#{l}" }
p StringIO.new("abc").read.encoding, StringIO.new("abc").read(2).encoding
e = StringIO.new("")
p e.read, e.read(1), e.gets, e.eof?
p StringIO.new("a,b,c").gets(","), StringIO.new("x").string
# readpartial, sysread and read_nonblock are read, but EOFError at the end
s = StringIO.new("ab")
p s.readpartial(10), (s.readpartial(10) rescue $!), (s.sysread(1) rescue $!)
p s.readpartial(0), s.readpartial, (s.read_nonblock(3) rescue $!), s.read_nonblock(3, exception: false)
s = StringIO.new("xyz")
p s.read_nonblock(2), s.sysread(5), (s.readpartial(1, +"buf") rescue $!)
