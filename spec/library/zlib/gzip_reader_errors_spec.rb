# Zlib::GzipReader's errors at the moment CRuby raises them: the trailer (CRCError,
# LengthError, NoFooter with its input) is checked when a read finds the data at its end, or
# at unused, close or finish, not when the last data is returned; a source that ends inside
# the deflate data is "unexpected end of file"; bad headers fail in new; a closed reader
# raises "closed gzip stream". Zlib.gunzip's errors for a string source, for comparison.
require "zlib"
require "stringio"

def gzip(text)
  io = StringIO.new("".b)
  w = Zlib::GzipWriter.new(io)
  w.mtime = 1
  w.write(text)
  w.finish
  io.string
end

def try
  r = yield
  r.is_a?(String) && r.bytesize > 40 ? [r.bytesize] : r
rescue => e
  e
end

text = (1..9000).map { |i| "line #{i}\n" }.join
good = gzip(text)
bad_crc = good.dup
bad_crc.setbyte(-8, bad_crc.getbyte(-8) ^ 1)
bad_len = good.dup
bad_len.setbyte(-3, bad_len.getbyte(-3) ^ 1)

[bad_crc, bad_len].each do |bad|
  r = Zlib::GzipReader.new(StringIO.new(bad))
  p try { r.read }
  p r.eof?, try { r.read }, r.closed?
  r = Zlib::GzipReader.new(StringIO.new(bad))
  p try { r.read(text.bytesize) }, r.eof?
  p try { r.read(1) }, try { r.read(1) }
  r = Zlib::GzipReader.new(StringIO.new(bad))
  n = 0
  p try { n += 1 while r.gets }, n, r.lineno
  r = Zlib::GzipReader.new(StringIO.new(bad))
  p try { r.readpartial(100000) }, try { r.readpartial(100000) }, try { r.readpartial(1) }
  r = Zlib::GzipReader.new(StringIO.new(bad))
  r.read(text.bytesize)
  p try { r.getc }, try { r.getbyte }
  r = Zlib::GzipReader.new(StringIO.new(bad))
  r.read(text.bytesize)
  p try { r.unused }, try { r.unused }
  r = Zlib::GzipReader.new(StringIO.new(bad))
  r.read
  io = r.to_io
  p try { r.close }, r.closed?, io.closed?, try { r.close }, try { r.read }, r.closed?
  r = Zlib::GzipReader.new(StringIO.new(bad))
  r.read(10)
  p try { r.close }.class, r.closed?
end

# the trailer cut short, or missing
[good[0..-3], good[0..-9]].each do |cut|
  r = Zlib::GzipReader.new(StringIO.new(cut))
  p try { r.read }
  e = try { r.read(1) }
  p e, e.input, try { r.read(1) }
  r = Zlib::GzipReader.new(StringIO.new(cut))
  r.read
  p try { r.finish }.class, r.closed?
end

# the deflate data cut short
[good[0..-10], good[0..-3000], good[0..20]].each do |cut|
  r = Zlib::GzipReader.new(StringIO.new(cut))
  p try { r.read(100) }, try { r.read }, try { r.gets }
end

# headers
[
  "", "abcdefghijklmno", "\x1f\x8b\x08".b, "\x1f\x8b\x07\0\0\0\0\0\0\3".b,
  "\x1f\x8b\x08\x02\0\0\0\0\0\3abc".b, "\x1f\x8b\x08\x20\0\0\0\0\0\3abc".b,
  "\x1f\x8b\x08\x40\0\0\0\0\0\3abc".b, "\x1f\x8b\x08\x80\0\0\0\0\0\3abc".b,
  "\x1f\x8b\x08\x04\0\0\0\0\0\3\x05".b, "\x1f\x8b\x08\x04\0\0\0\0\0\3\x05\0abc".b,
  "\x1f\x8b\x08\x08\0\0\0\0\0\3abc".b, "\x1f\x8b\x08\x10\0\0\0\0\0\3abc".b,
  "\x1f\x8b\x08\x00\0\0\0\0\0\3\xff\xff\xff".b, "\x1f\x8b\x08\x00\0\0\0\0\0\3".b
].each do |s|
  e = try { Zlib::GzipReader.new(StringIO.new(s)).read }
  p e, (e.input if e.respond_to?(:input))
  # (CRuby's gunzip of a name or comment without its NUL is a NoMethodError: not compared)
  p try { Zlib.gunzip(s) } unless s.getbyte(3).to_i & 0x18 != 0
end
p try { Zlib.gunzip(good + "junk") }, try { Zlib.gunzip(good[0..-2]) }
p try { Zlib.gunzip(good[0..-9]) }, try { Zlib.gunzip(good[0..-10]) }
p try { Zlib.gunzip(bad_crc) }, try { Zlib.gunzip(bad_len) }

# header fields, with an extra field, a name and a comment
h = "\x1f\x8b\x08\x1c".b + [1234].pack("V") + "\x04\x03".b + [3].pack("v") + "xyzname\0note\0".b
body = Zlib::Deflate.new(Zlib::DEFAULT_COMPRESSION, -Zlib::MAX_WBITS)
s = h + body.deflate("hi\n", Zlib::FINISH) + [Zlib.crc32("hi\n"), 3].pack("VV")
r = Zlib::GzipReader.new(StringIO.new(s))
p r.mtime.to_i, r.orig_name, r.comment, r.os_code, r.level, r.read, r.sync, r.external_encoding

# a closed reader
r = Zlib::GzipReader.new(StringIO.new(good))
io = r.close
p io.closed?, r.closed?, try { r.close }, try { r.read }, try { r.gets }, try { r.eof? }
p try { r.unused }, try { r.pos }, try { r.finish }, try { r.lineno }
r = Zlib::GzipReader.new(StringIO.new(good))
p r.finish.closed?, r.closed?, try { r.finish }
p Zlib::GzipReader.wrap(StringIO.new(good)) { |z| [z.gets, z] }.last.closed?
p try { Zlib::GzipReader.new(StringIO.new(good)).read(-1) }
p try { Zlib::GzipReader.new(StringIO.new(good)).readpartial(-2) }
