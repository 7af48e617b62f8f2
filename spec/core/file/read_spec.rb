# File.read, File.write, File.binread, File.binwrite, File.readlines and File.foreach.
path = "/tmp/rubra_spec_file_read_spec.txt"
p File.write(path, "hello\nworld\n\n\npara\n")
p File.read(path), File.read(path, 3), File.read(path, 3, 2), File.read(path, 0)
p File.read(path).encoding, File.binread(path).encoding, File.binread(path, 2, 1)
p File.readlines(path), File.readlines(path, chomp: true)
p IO.readlines(path, "").size
File.foreach(path) { |l| p l }
p File.foreach(path).to_a.size, File.foreach(path, chomp: true).first(2)
p File.write(path, "abc", 1), File.read(path)
p File.write(path, "XY", mode: "a"), File.read(path)
p File.binwrite(path, "\xff\x00".b), File.binread(path).bytes
p File.write(path, 12345), File.read(path)
begin; File.read("/tmp/rubra_spec_file_read_missing.txt"); rescue => e; p e; end
begin; File.write("/tmp/rubra_spec_no_such_dir/x.txt", "a"); rescue => e; p e; end
begin; File.readlines("/tmp/rubra_spec_file_read_missing.txt"); rescue => e; p e; end
begin; File.read(path, -1); rescue => e; p e; end
File.delete(path)
# File.mtime and friends give Times
path = "/tmp/rubra_spec_file_read_mtime.txt"
File.write(path, "x")
t = File.mtime(path)
p t.class, (Time.now - t).abs < 60, File.atime(path).class, File.ctime(path).class
p File.open(path) { |f| f.mtime == t }
File.delete(path)
begin; File.mtime("/tmp/rubra_spec_file_read_missing"); rescue => e; p e; end
