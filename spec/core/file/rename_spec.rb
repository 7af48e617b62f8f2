# File.rename, File.delete/unlink (several paths, errors), File.symlink and File.link errors
R = "/tmp/rubra_spec_file_rename"
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
["a", "b", "c", "d"].each { |f| File.delete("#{R}/#{f}") if File.symlink?("#{R}/#{f}") }
Dir.rmdir(R + "/dir2") if Dir.exist?(R + "/dir2")
Dir.rmdir(R + "/dir") if Dir.exist?(R + "/dir")
Dir.rmdir(R) if Dir.exist?(R)
Dir.mkdir(R)
p File.symlink("x", R + "/a"), File.symlink("y", R + "/b")
p File.rename(R + "/a", R + "/c"), File.symlink?(R + "/a"), File.readlink(R + "/c")
Dir.mkdir(R + "/dir")
p File.rename(R + "/dir", R + "/dir2"), Dir.exist?(R + "/dir"), Dir.exist?(R + "/dir2")
t { File.rename(R + "/nope", R + "/other") }
t { File.rename(R + "/c", R + "/nodir/x") }
t { File.symlink("x", R + "/nodir/x") }
t { File.link(R + "/nope", R + "/d") }
t { File.delete(R + "/nope") }
t { File.unlink(R + "/b", R + "/nope") }
p File.symlink?(R + "/b")
p File.delete, File.unlink(R + "/c")
t { File.delete(nil) }
t { File.rename(R + "/c", 1) }
p Dir.children(R).sort
Dir.rmdir(R + "/dir2")
Dir.rmdir(R)
