# File.utime, File.realpath and File.realdirpath (with a base dir, errors), File::Constants
R = "/tmp/rubra_spec_file_chmod"
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
File.delete(R + "/a") if File.exist?(R + "/a")
File.delete(R + "/b") if File.exist?(R + "/b")
Dir.rmdir(R + "/d") if Dir.exist?(R + "/d")
Dir.rmdir(R) if Dir.exist?(R)
Dir.mkdir(R)
File.write(R + "/a", "x")
File.write(R + "/b", "y")
Dir.mkdir(R + "/d")
# (File.chmod is not here: the WASI oracle has no chmod; ruby/spec's file/chmod_spec.rb covers it)
p File.chmod(0755)
p File.utime(Time.at(1000), Time.at(2000), R + "/a")
p File.atime(R + "/a").to_i, File.mtime(R + "/a").to_i
p File.utime(10, 20.5, R + "/a", R + "/b")
p File.mtime(R + "/b").to_i, File.atime(R + "/b").to_i
p File.utime(nil, nil, R + "/d")
p (Time.now - File.mtime(R + "/d")).abs < 100
t { File.utime(0, 0, R + "/missing") }
p File.realpath(R + "/d/../a")
p File.realpath("a", R)
p File.realpath("./d/..", R)
t { File.realpath(R + "/missing") }
t { File.realpath("missing", R) }
p File.realdirpath(R + "/d/missing")
p File.realdirpath("missing", R)
t { File.realdirpath(R + "/missing/x") }
p File::Constants::LOCK_SH, File::Constants::LOCK_EX, File::Constants::LOCK_NB, File::Constants::LOCK_UN
p File::LOCK_EX, File::Constants::FNM_CASEFOLD, File::Constants::FNM_PATHNAME, File::Constants::SHARE_DELETE
p File::Constants.const_defined?(:NOCTTY), File::Constants.const_defined?(:SYNC)
File.delete(R + "/a", R + "/b")
Dir.rmdir(R + "/d")
Dir.rmdir(R)
