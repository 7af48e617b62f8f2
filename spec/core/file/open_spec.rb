# File.open and File.new: modes (r w a r+ w+ a+, b, flags, mode:), the block form that closes,
# permissions, and the errors of bad modes and missing files.
path = "/tmp/rubra_spec_file_open_spec.txt"
p File.open(path, "w") { |f| f.write("hello\n") }
f = File.open(path)
p f.class, f.path, f.to_path, f.read, f.closed?
f.close
p File.open(path, "a") { |g| g.write("more\n"); g.closed? }
p File.open(path, "r+") { |g| g.write("J"); g.rewind; g.gets }
p File.open(path, "w+") { |g| g.write("new"); g.rewind; g.read }
p File.open(path, "a+") { |g| g.write("!"); g.rewind; g.read }
p File.open(path, "rb") { |g| g.read.encoding }
p File.open(path, "r:utf-8") { |g| g.read }
p File.open(path, mode: "w") { |g| g.write("kw") }, File.read(path)
p File.open(path, File::RDWR | File::TRUNC) { |g| g.write("flags"); g.rewind; g.read }
held = nil
r = File.open(path) { |g| held = g; :value }
p r
File.delete(path)
