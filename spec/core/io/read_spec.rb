# IO#read: everything, a length (binary, nil at the end), a reused buffer (kept encoding),
# readpartial and its EOFError.
path = "/tmp/rubra_spec_io_read_spec.txt"
File.write(path, "line1\nline2\r\nthird line\nélan\n")
f = File.new(path)
p f.read(3), f.read(3).encoding
p f.read.encoding
p f.read(1), f.read, f.read(0)
f.rewind
buf = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx".dup
p f.read(5, buf), buf, buf.encoding
p f.read(nil, buf).size, buf.size
p f.read(5, buf), buf
f.rewind
p f.readpartial(100).size
begin; f.readpartial(10); rescue EOFError => e; p e; end
begin; f.read(-1); rescue => e; p e; end
f.close
File.open(path, "rb") { |g| p g.read.encoding, g.binmode? }
File.delete(path)
