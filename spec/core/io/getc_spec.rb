# IO#getc, readchar, each_char, getbyte, readbyte, each_byte and ungetc.
path = "/tmp/rubra_spec_io_getc_spec.txt"
File.write(path, "aé€😀\nz")
File.open(path) do |f|
  p f.getc, f.readchar, f.getbyte, f.readbyte, f.pos
  f.ungetc("XY")
  p f.getc, f.getc, f.read
  p f.getc, f.getbyte
  begin; f.readchar; rescue EOFError => e; p e; end
  begin; f.readbyte; rescue EOFError => e; p e; end
  f.rewind
  p f.each_char.to_a
  f.rewind
  p f.each_byte.to_a.size
  f.rewind
  p f.each_char.first(3), f.each_byte.first(2)
  f.ungetc(65)
  p f.getc
end
File.open(path, "rb") { |f| p f.getc, f.getc.encoding }
File.delete(path)
