# Zlib: deflate/inflate (bytes as CRuby's zlib writes them), checksums, streams, gzip
require "zlib"
require "stringio"

p Zlib.deflate("hello").bytes, Zlib::Deflate.deflate("abc", Zlib::BEST_SPEED).bytes
text = "The quick brown fox jumps over the lazy dog. " * 50
[0, 1, 6, 9, Zlib::DEFAULT_COMPRESSION].each { |l| z = Zlib.deflate(text, l); p [l, z.bytesize, z.encoding, Zlib.inflate(z) == text] }
p Zlib::Inflate.inflate(Zlib.deflate("xyz")), Zlib.deflate("").bytes
p Zlib.crc32("hello"), Zlib.crc32, Zlib.adler32("hello"), Zlib.adler32, Zlib.crc32("lo", Zlib.crc32("hel")), Zlib.adler32("lo", Zlib.adler32("hel"))
begin; Zlib.inflate("garbage"); rescue Zlib::Error => e; p e.class, e.message; end
begin; Zlib.inflate(Zlib.deflate("abcdef")[0, 5]); rescue Zlib::Error => e; p e.class, e.message; end
begin; Zlib.gunzip("garbage"); rescue Zlib::Error => e; p e.class, e.message; end
begin; Zlib.gunzip("garbage and more"); rescue Zlib::Error => e; p e.class, e.message; end
g = Zlib.gzip("hello")
p g.bytes[0, 4], g.bytes[8, 2], g.bytes[10..], Zlib.gunzip(g)
p Zlib.gzip("hello", level: 9).bytes[8, 2], Zlib.gzip(text, level: 1).bytes[8, 2]
d = Zlib::Deflate.new
s = d.deflate("part1 ") + d.deflate("part2", Zlib::FINISH)
p s.bytes, Zlib::Inflate.inflate(s)
d2 = Zlib::Deflate.new(9)
d2 << "streamed " << "data"
p Zlib.inflate(d2.finish)
i = Zlib::Inflate.new
p i.inflate(s[0, 5]) + i.inflate(s[5..]), i.finished?, i.total_in, i.total_out
i.close
p i.closed?
io = StringIO.new(+"")
gz = Zlib::GzipWriter.new(io)
gz.write("line 1\n")
gz.puts "line 2"
gz.print "x", "y"
gz << "z\n"
gz.printf("%d\n", 42)
p gz.close.equal?(io), io.string.bytes[0, 4], io.string.bytes[8..]
r = Zlib::GzipReader.new(StringIO.new(io.string))
p r.gets, r.read(3), r.read, r.eof?, r.read, r.read(1)
r.rewind
p r.readlines, r.lineno
Zlib::GzipReader.wrap(StringIO.new(io.string)) { |z| z.each_line { |l| p l } }
p Zlib::GzipReader.new(StringIO.new(io.string)).each_line.map(&:chomp)
p Zlib::GzipReader.new(StringIO.new(io.string)).getc
path = "/tmp/rubra_zlib_spec.gz"
Zlib::GzipWriter.open(path) { |z| z.mtime = 1_000_000; z.orig_name = "name.txt"; z.write(text) }
Zlib::GzipReader.open(path) { |z| p z.read == text, z.mtime.to_i, z.orig_name, z.os_code }
p File.binread(path).bytes[0, 10]
File.delete(path)
p Zlib::GzipFile::Error.superclass, Zlib::DataError.superclass, Zlib::Error.superclass, Zlib::GzipFile::CRCError.superclass
p Zlib::BEST_COMPRESSION, Zlib::DEFAULT_COMPRESSION, Zlib::MAX_WBITS, Zlib::FINISH, Zlib::NO_COMPRESSION
bad = Zlib.gzip("data").b
bad[-8] = (bad[-8].ord ^ 1).chr
begin; Zlib.gunzip(bad); rescue Zlib::Error => e; p e.class, e.message; end
