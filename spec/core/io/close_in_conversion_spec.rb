# An argument's conversion (to_int) that closes the IO being read: the read sees the closed
# stream (IOError), never the descriptor it had before.
path = "/tmp/rubra_spec_io_close_in_conversion.txt"
File.write(path, "hello world")
closer = Object.new
def closer.to_int; $r.close; 2; end
zero = Object.new
def zero.to_int; $r.close; 0; end
[
  -> { $r.read(closer) },
  -> { $r.read(closer, +"") },
  -> { $r.readpartial(closer) },
  -> { $r.pread(closer, 0) },
  -> { $r.pread(2, zero) },
].each do |f|
  $r = File.open(path)
  begin
    p f.call
  rescue => e
    p e
  end
end
$r = File.open(path)
$r.close
begin; $r.read(nil, 5); rescue => e; p e; end
begin; $r.read(2, 5); rescue => e; p e; end
File.delete(path)
