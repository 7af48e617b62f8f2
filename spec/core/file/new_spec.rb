# File.new with permissions, and File::EXCL refusing an existing file.
path = "/tmp/rubra_spec_file_new_spec.txt"
f = File.new(path, "w", 0o600)
p f.class, f.path, f.closed?
f.write("x")
p f.close, File.size(path)
p File.open(path, File::WRONLY | File::CREAT | File::EXCL) { } rescue p $!.class
p File.new(path).read
File.delete(path)
