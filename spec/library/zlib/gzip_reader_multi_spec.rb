# A gzip file of several members: a GzipReader reads the first one only and `unused` gives
# the compressed bytes it read past that member's trailer (the rest of the 2048-byte chunk,
# not the rest of the file); Zlib::GzipReader.zcat reads member after member, setting the IO
# back by `unused` each time, with or without a block.
require "zlib"
require "stringio"
require "tmpdir"

def gzip(text)
  io = StringIO.new("".b)
  w = Zlib::GzipWriter.new(io)
  w.mtime = 1
  w.write(text)
  w.finish
  io.string
end

a = gzip("first\nmember\n")
b = gzip("second\n")
c = gzip("third")
multi = a + b + c
io = StringIO.new(multi)
r = Zlib::GzipReader.new(io)
p r.read, io.pos, r.unused == b + c
p r.gets, r.eof?, r.unused.bytesize
r.finish
p io.closed?, io.pos

io = StringIO.new(multi)
r = Zlib::GzipReader.new(io)
p r.gets, r.gets, r.unused, r.gets, r.unused.bytesize

p Zlib::GzipReader.zcat(StringIO.new(multi))
p Zlib::GzipReader.zcat(StringIO.new(multi)).encoding
lines = []
p Zlib::GzipReader.zcat(StringIO.new(multi)) { |l| lines << l }, lines
p Zlib::GzipReader.zcat(StringIO.new(a))

# members bigger than a chunk, in a File: unused is the rest of the chunk only
m1 = gzip((1..3000).map { |i| "a#{i}\n" }.join)
m2 = gzip((1..3000).map { |i| "b#{i}\n" }.join)
m3 = gzip("end\n")
p m1.bytesize, m2.bytesize
Dir.mktmpdir do |d|
  path = File.join(d, "m.gz")
  File.binwrite(path, m1 + m2 + m3)
  File.open(path, "rb") do |f|
    gz = Zlib::GzipReader.new(f)
    p f.pos, gz.gets, f.pos
    p gz.readlines.size, f.pos, gz.unused.bytesize, gz.lineno
    # reading the next member by hand, as zcat does
    f.pos -= gz.unused.bytesize
    gz.finish
    p f.pos
    gz = Zlib::GzipReader.new(f)
    p gz.gets, gz.read.bytesize, gz.unused.bytesize, f.pos
  end
  all = File.open(path, "rb") { |f| Zlib::GzipReader.zcat(f) }
  p all.lines.size, all.lines.first, all.lines[3000], all.lines.last
  n = 0
  p File.open(path, "rb") { |f| Zlib::GzipReader.zcat(f) { |_| n += 1 } }, n
  p Zlib::GzipReader.open(path) { |gz| [gz.read.bytesize, gz.unused.bytesize] }
end
