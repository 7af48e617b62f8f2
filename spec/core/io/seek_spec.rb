# IO#seek (SEEK_SET/CUR/END and symbols), rewind, pos, pos= and tell, with buffered reads and
# writes in between.
path = "/tmp/rubra_spec_io_seek_spec.txt"
File.write(path, "0123456789abcdef\n")
File.open(path, "r+") do |f|
  p f.pos, f.read(3), f.pos, f.tell
  p f.seek(-5, IO::SEEK_END), f.read
  p f.seek(2), f.seek(2, :CUR), f.read(2), f.pos
  f.pos = 10
  p f.pos, f.getc
  p f.seek(4, :SET), f.read(1)
  p f.rewind, f.pos, f.lineno
  f.write("AB")
  p f.pos, f.read(2)
  f.seek(0)
  p f.read
  begin; f.seek(-100); rescue SystemCallError => e; p e.class; end
  begin; f.pos = -1; rescue SystemCallError => e; p e.class; end
  begin; f.seek(0, :NOPE); rescue => e; p e; end
end
File.delete(path)
