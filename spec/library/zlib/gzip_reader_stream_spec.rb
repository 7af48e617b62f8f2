# Zlib::GzipReader streams its source: `new` reads only the header's chunk (2048 bytes, by
# readpartial, or read when the IO has none), and each read takes more chunks only when its
# buffer cannot answer, so the IO's position after new, gets, read(n) and the end is CRuby's;
# rewind seeks the IO back to the end of the header; unused is what was read past the member.
require "zlib"
require "stringio"
require "tmpdir"

def gzip(text, level = Zlib::DEFAULT_COMPRESSION, mtime: 1)
  io = StringIO.new("".b)
  w = Zlib::GzipWriter.new(io, level)
  w.mtime = mtime
  w.write(text)
  w.finish
  io.string
end

# more than 64 KB of text, compressed to many chunks
text = (1..12000).map { |i| "row #{i} #{(i * 7919 % 100003).to_s(36)} #{"x" * (i % 13)}\n" }.join
data = gzip(text, Zlib::BEST_SPEED)
p text.bytesize > 65536, data.bytesize > 20 * 2048

io = StringIO.new(data)
r = Zlib::GzipReader.new(io)
p io.pos, r.pos, r.lineno, r.eof?
p r.gets, io.pos, r.pos, r.lineno
p r.read(10), io.pos, r.pos
p r.read(20000).bytesize, io.pos, r.pos
p r.unused
p r.readpartial(100000).bytesize, io.pos, r.pos
rest = r.read
p rest.bytesize, rest.encoding, io.pos, r.pos, r.eof?
p r.read, r.read(1), r.gets, r.pos
p r.unused, io.pos
p r.rewind, io.pos, r.pos, r.lineno, r.eof?
p r.gets, r.lineno, io.pos

# read(n) in many sizes across chunk boundaries gives the text back
io = StringIO.new(data)
r = Zlib::GzipReader.new(io)
out = +""
trace = []
sizes = [1, 2, 3, 100, 2047, 2048, 2049, 5000, 65536, 7]
i = 0
while (piece = r.read(sizes[i % sizes.size]))
  trace << [piece.bytesize, r.pos, io.pos] if i < 12
  out << piece
  i += 1
end
p out.force_encoding("UTF-8") == text, i, trace
p r.read(0), r.read(5), io.pos

# lines come out with the IO read only as far as needed
io = StringIO.new(data)
r = Zlib::GzipReader.new(io)
marks = []
r.each_line { |l| marks << [r.lineno, r.pos, io.pos] if r.lineno % 1500 == 0 }
p marks, r.lineno, io.pos

# a File source
Dir.mktmpdir do |d|
  path = File.join(d, "t.gz")
  File.binwrite(path, data + "TAIL")
  File.open(path, "rb") do |f|
    gz = Zlib::GzipReader.new(f)
    p f.pos, gz.gets, f.pos
    p gz.read(70000).bytesize, f.pos, gz.pos
    p gz.readlines.size, f.pos, gz.unused
    p gz.rewind, f.pos
    p gz.readline, gz.lineno
    p gz.finish.equal?(f), f.closed?, gz.closed?
  end
  p Zlib::GzipReader.open(path) { |gz| [gz.read(5), gz.pos, gz.to_io.pos] }
  gz = Zlib::GzipReader.open(path)
  p gz.readlines.size, gz.unused
  f = gz.close
  p f.closed?, gz.closed?
end

# an IO with read but no readpartial: read(2048) each time
class ReadOnly
  attr_reader :calls
  def initialize(s)
    @s = s
    @pos = 0
    @calls = []
  end
  def read(n = nil, buf = nil)
    @calls << n
    return nil if n && @pos >= @s.bytesize
    x = @s.byteslice(@pos, n || @s.bytesize)
    @pos += x.bytesize
    x
  end
end
src = ReadOnly.new(gzip("small\ntext\n"))
gz = Zlib::GzipReader.new(src)
p src.calls, gz.gets, gz.read, src.calls, gz.unused

# an endless source: a gzip header and a deflate stream that never ends
class Endless
  attr_reader :calls
  def initialize
    @z = Zlib::Deflate.new(Zlib::DEFAULT_COMPRESSION, -Zlib::MAX_WBITS)
    @n = 0
    @buf = "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03".b
    @calls = 0
  end
  def readpartial(n, buf = nil)
    @calls += 1
    while @buf.bytesize < n
      rows = (1..200).map { "row #{@n += 1}\n" }.join
      @buf << @z.deflate(rows, Zlib::SYNC_FLUSH)
    end
    @buf.slice!(0, n)
  end
end
e = Endless.new
gz = Zlib::GzipReader.new(e)
p gz.gets, gz.gets, e.calls
p gz.read(200_000).bytesize, e.calls, gz.pos
l = nil
5000.times { l = gz.gets }
p l, gz.lineno, gz.eof?, e.calls
