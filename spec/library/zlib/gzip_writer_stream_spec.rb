# Zlib::GzipWriter streams: the header goes to the IO at the first write, deflated data as the
# stream produces it, flush (SYNC_FLUSH, FULL_FLUSH, NO_FLUSH) and sync mode push what is
# pending, finish/close add the trailer; the bytes are CRuby's for the same calls.
require "zlib"
require "stringio"

io = StringIO.new("".b)
gz = Zlib::GzipWriter.new(io)
gz.mtime = 1000
gz.orig_name = "a.txt"
gz.comment = "note"
p io.string.bytesize
gz.write("hello ")
p io.string.bytesize, io.string.bytes
gz << "world\n"
gz.puts "line2", 3
gz.print "x", "y"
gz.printf("%05d\n", 42)
gz.putc "z"
p io.string.bytesize, gz.pos
gz.flush
p io.string.bytesize, io.string.bytes.last(4)
gz.write("more " * 50)
gz.flush(Zlib::FULL_FLUSH)
p io.string.bytesize
gz.flush(Zlib::NO_FLUSH)
p io.string.bytesize
begin
  gz.mtime = 5
rescue => e
  puts "#{e.class}: #{e.message}"
end
begin
  gz.orig_name = "b"
rescue => e
  puts "#{e.class}: #{e.message}"
end
p gz.finish.equal?(io), gz.closed?, io.closed?
data = io.string
p data.bytesize, data.bytes.sum, data.bytes.last(8)
p Zlib.gunzip(data)
begin
  gz.write("x")
rescue => e
  puts "#{e.class}: #{e.message}"
end

# sync mode: every write is flushed through
io = StringIO.new("".b)
gz = Zlib::GzipWriter.new(io, Zlib::BEST_COMPRESSION)
p gz.sync
gz.sync = true
p gz.sync
gz.mtime = 1
sizes = []
%w[a bb ccc].each { |w| gz.write(w); sizes << io.string.bytesize }
p sizes
gz.close
p io.closed?, io.string.bytes

# a larger input, several writes: the same bytes as one write
big = (1..3000).map { |i| "row #{i} #{i * i}\n" }.join
a = StringIO.new("".b)
g = Zlib::GzipWriter.new(a, 6)
g.mtime = 9
big.each_line { |l| g.write(l) }
g.finish
b = StringIO.new("".b)
g = Zlib::GzipWriter.new(b, 6)
g.mtime = 9
g.write(big)
g.finish
p a.string == b.string, a.string.bytesize, a.string.bytes.sum

# an empty member
io = StringIO.new("".b)
g = Zlib::GzipWriter.new(io)
g.mtime = 3
g.finish
p io.string.bytes

# files
path = "/tmp/gzw_stream_#{$$}.gz"
Zlib::GzipWriter.open(path, 1) do |g|
  g.mtime = 77
  g.write("file data\n" * 20)
end
bytes = File.binread(path)
p bytes.bytesize, bytes.bytes.first(10), bytes.bytes.sum
p Zlib::GzipReader.open(path) { |r| [r.mtime.to_i, r.read.bytesize] }
r = Zlib::GzipWriter.wrap(File.open(path, "wb")) { |g| g.mtime = 2; g.write("w"); g }
p r.closed?, File.binread(path).bytes
File.delete(path)
p Zlib.gzip("abc", level: 9).bytes[8..]
begin
  Zlib.gzip("a", mtime: 1)
rescue => e
  puts "#{e.class}: #{e.message}"
end
