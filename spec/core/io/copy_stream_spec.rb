# IO.copy_stream between paths and IO objects, with a length and a source offset.
a = "/tmp/rubra_spec_io_copy_stream_a.txt"
b = "/tmp/rubra_spec_io_copy_stream_b.txt"
File.write(a, "0123456789" * 2000)
p IO.copy_stream(a, b), File.size(b)
p IO.copy_stream(a, b, 4, 2), File.read(b)
File.open(a) do |src|
  src.read(5)
  File.open(b, "w") { |dst| dst.write("<"); p IO.copy_stream(src, dst, 3); dst.write(">") }
end
p File.read(b)
File.open(a) { |src| File.open(b, "w") { |dst| p IO.copy_stream(src, dst) } }
p File.size(b)
p IO.copy_stream(a, b, 0), File.size(b)
begin; IO.copy_stream("/tmp/rubra_spec_io_copy_stream_missing.txt", b); rescue => e; p e; end
File.delete(a, b)
