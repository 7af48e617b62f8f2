# File.stat, File.lstat, File#stat and File::Stat's predicates and fields (sizes, types,
# comparison by modification time); missing paths raise Errno::ENOENT.
path = "/tmp/rubra_spec_file_stat.txt"
dir = "/tmp/rubra_spec_file_stat_dir"
File.write(path, "hello\n")
Dir.mkdir(dir)
def t
  r = yield
  p r
rescue Exception => e
  puts "#{e.class}: #{e.message}"
end
t { File.stat(path).class }
t { File::Stat.ancestors.include?(Comparable) }
t { s = File.stat(path); [s.size, s.size?, s.zero?, s.file?, s.directory?, s.symlink?, s.ftype] }
t { s = File.stat(dir); [s.file?, s.directory?, s.ftype, s.size.is_a?(Integer)] }
t { File.stat(path).mode.is_a?(Integer) }
t { File.stat(path).mode & 0o170000 == 0o100000 }
t { [File.stat(path).nlink, File.stat(path).ino.is_a?(Integer), File.stat(path).dev.is_a?(Integer)] }
t { [File.stat(path).uid.is_a?(Integer), File.stat(path).gid.is_a?(Integer)] }
t { [File.stat(path).mtime.class, File.stat(path).atime.class, File.stat(path).ctime.class] }
t { File.stat(path).mtime == File.mtime(path) }
t { File.stat(path).readable? }
t { File.lstat(path).symlink? }
t { File.lstat(path).size }
t { File.stat(path) <=> File.stat(path) }
t { File.stat(path) == File.stat(path) }
t { File.stat(path) <=> 5 }
t { File.stat("/tmp/rubra_spec_file_stat_missing") }
t { File.lstat("/tmp/rubra_spec_file_stat_missing") }
t { File.open(path) { |f| f.stat.size } }
t { File.open(path, "a") { |f| f.write("more"); f.stat.size } }
t { File.open(path) { |f| [f.stat.file?, f.stat.class] } }
t { f = File.open(path); f.close; f.stat }
File.write(path, "")
t { s = File.stat(path); [s.size, s.size?, s.zero?] }
t { File.open(path, "w") { |f| f.write("abcdef"); f.truncate(3); f.stat.size } }
t { File.read(path) }
t { File.truncate(path, 1) }
t { File.read(path) }
t { File.truncate("/tmp/rubra_spec_file_stat_missing", 0) }
File.delete(path)
Dir.rmdir(dir)
p File.exist?(path), Dir.exist?(dir)
