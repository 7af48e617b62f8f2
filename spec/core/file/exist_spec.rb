# File's path predicates and queries (exist?, file?, directory?, symlink?, size, size?, zero?,
# empty?, ftype, identical?, readlink, world_readable?, ...) on a scratch tree and /dev/null
R = "/tmp/rubra_spec_file_exist"
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
["l", "dangling"].each { |f| File.delete("#{R}/#{f}") if File.symlink?("#{R}/#{f}") }
Dir.rmdir(R + "/d") if Dir.exist?(R + "/d")
Dir.rmdir(R) if Dir.exist?(R)
Dir.mkdir(R)
Dir.mkdir(R + "/d")
File.symlink("d", R + "/l")
File.symlink("nothing", R + "/dangling")
[R, R + "/d", R + "/l", R + "/dangling", "/dev/null", R + "/nope"].each do |f|
  p [f.sub(R, "R"), File.exist?(f), File.file?(f), File.directory?(f), File.symlink?(f), File.pipe?(f),
     File.socket?(f), File.blockdev?(f), File.chardev?(f), File.zero?(f) && !File.directory?(f),
     File.size?(f).nil?, File.setuid?(f), File.setgid?(f), File.sticky?(f)]
end
p File.ftype(R), File.ftype(R + "/l"), File.ftype(R + "/dangling"), File.ftype("/dev/null")
p File.size("/dev/null"), File.size?("/dev/null"), File.zero?("/dev/null"), File.empty?("/dev/null")
p File.readlink(R + "/l"), File.readlink(R + "/dangling")
p File.identical?(R + "/d", R + "/l"), File.identical?(R + "/d", R), File.identical?(R + "/nope", R + "/nope")
p File.identical?("/dev/null", "/dev/null"), File.identical?(R + "/l", R + "/d/.")
p File.world_readable?(R + "/nope"), File.world_writable?(R + "/nope"), File.readable?(R + "/nope")
p File.writable?(R + "/nope"), File.executable?(R + "/nope"), File.owned?(R + "/nope"), File.grpowned?(R + "/nope")
o = Object.new
def o.to_path = "/tmp/rubra_spec_file_exist/d"
p File.directory?(o), File.exist?(o), File.size(o).is_a?(Integer)
t { File.size(R + "/nope") }
t { File.ftype(R + "/nope") }
t { File.readlink(R + "/nope") }
t { File.exist?(nil) }
t { File.file?(1) }
t { File.exist?("a\0") }
p File.delete(R + "/l", R + "/dangling")
Dir.rmdir(R + "/d")
Dir.rmdir(R)
p File.exist?(R)
