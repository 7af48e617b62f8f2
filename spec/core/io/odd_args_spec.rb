# Odd sizes for the reading methods: huge, non-finite and out-of-range Float lengths raise
# RangeError (NUM2LONG), never an abort from allocating the buffer.
path = "/tmp/rubra_io_odd_args_spec"
File.write(path, "abc")
f = File.open(path)
[1e300, -1e300, Float::NAN].each do |n|
  [
    -> { f.read(n, +"") },
    -> { f.readpartial(n, +"") },
    -> { f.sysread(n, +"") },
    -> { f.pread(n, 0, +"") },
    -> { f.pread(n, 0) },
    -> { f.read(n) },
    -> { f.readpartial(n) }
  ].each do |l|
    begin
      p l.call
    rescue Exception => e
      p e
    end
  end
end
p f.pread(2, 1)
p f.pread(0, 5)
begin
  f.pread(1, 5)
rescue EOFError => e
  p e
end
f.close
File.delete(path)

# ungetc before the first byte: pos goes negative, as in CRuby (was an overflow panic)
File.write(path, "ab")
File.open(path) do |g|
  g.ungetc("zz")
  p g.pos
  p g.read
  g.rewind
  g.getc
  g.ungetc("xyz")
  p g.pos
  p g.read
end
File.delete(path)
