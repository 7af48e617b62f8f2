# Zlib::GzipReader's line, character and byte methods: gets with a separator (several bytes,
# paragraph mode), a limit (moved to the end of a UTF-8 character) or both; each_line,
# readlines, readline; getc/each_char/readchar, getbyte/each_byte/readbyte; ungetc/ungetbyte;
# lineno and $_; the encodings of what they return. Lines cross the 2048-byte input chunks.
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

def reader(text) = Zlib::GzipReader.new(StringIO.new(gzip(text)))

t = "p1 a\np1 b\n\n\n\np2\n\nlast"
r = reader(t)
p r.gets, $_, r.lineno
p r.gets(""), r.gets(""), r.gets(""), r.lineno
r.rewind
p r.readlines("b"), r.lineno
r.rewind
p r.readlines(3)
r.rewind
p r.readlines("\n\n")
r.rewind
x = []
r.each_line("a", 2) { |l| x << l }
p x
r.rewind
p r.gets(nil, 4), r.gets(nil, 4), r.gets(nil), r.gets(nil), r.lineno
r.rewind
p r.gets("1 "), r.gets(0), r.gets(0).encoding, r.gets("", 3), r.gets(-1), r.gets(nil, -1)
r.rewind
p r.each_line.to_a.size, r.each_line("x", 1).class
r.rewind
p((r.gets(chomp: true) rescue $!))
p((r.readlines("\n", chomp: true) rescue $!))
p((r.gets(1, 2) rescue $!))
p((r.gets("a", "b", "c") rescue $!))

# a separator longer than what is left, and a last piece shorter than the separator
r = reader("abc\n\nd")
p r.gets("xyz"), r.gets("xyz")
r = reader("abcd")
l = r.gets("cd")
p l, l.encoding
r = reader("abc")
l = r.gets("bcde")
p l, l.encoding, r.lineno, r.gets("bcde")

# limits fall inside UTF-8 characters
r = reader("aé€😀b\n" * 3)
p r.gets(2), r.gets(2), r.gets(1), r.gets(nil, 1), r.gets(3), r.gets("€", 2)
r.rewind
p r.readlines(4)

# long lines across chunks, with separators and limits
words = ["alpha", "beta", "délta", "ε", "😀", "zeta\n", "\n\n", "x\r\n", "\n\n\n"]
seed = 7
big = +""
12000.times do
  seed = (seed * 1103515245 + 12345) % 2**31
  big << words[seed % words.size] << " "
end
data = gzip(big)
p big.bytesize, data.bytesize
[[], ["\n"], [""], ["a "], ["ta\n"], [7], ["\n", 5], ["", 9], [nil, 1000], ["😀"], [3]].each do |args|
  io = StringIO.new(data)
  r = Zlib::GzipReader.new(io)
  lines = []
  at = []
  while (l = r.gets(*args))
    lines << l
    at << io.pos if lines.size % 150 == 0
  end
  p [args, lines.size, lines.sum(&:bytesize), Zlib.crc32(lines.join("|")), at.first(6), r.lineno, io.pos]
end

# characters and bytes
r = reader("aé€😀b")
p r.getc, r.getc, r.getc, r.getc, r.getc, r.getc
r.rewind
p r.readchar, r.readbyte, r.readbyte, r.pos
r.rewind
x = []
p r.each_byte { |b| x << b }, x
r.rewind
p r.each_char.to_a, r.each_char { }
r.rewind
p r.each_byte.class, r.getc.encoding
p (r.readchar rescue $!), (r.readbyte rescue $!), (r.readline rescue $!)
r = reader("ab\xffc\xe2\x82".b)
p r.getc, r.getc, r.getc, r.getc, r.getc, r.getc, r.getc

# bytes pushed back are read again (and left out of the CRC)
r = reader("first\nsecond\n")
p r.ungetc("XY"), r.pos, r.read(3), r.pos
p r.ungetbyte(65), r.getc, r.ungetc(66), r.getbyte, r.ungetbyte(300), r.getbyte
p r.ungetc("é"), r.gets, r.pos, r.lineno
p r.read, r.read(1), r.eof?, r.crc == Zlib.crc32("first\nsecond\n")
r = reader("abc")
r.read
r.ungetc("zz")
p r.eof?, r.read, r.eof?, r.read(1)
