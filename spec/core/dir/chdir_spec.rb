# Dir.chdir (with and without a block), Dir.pwd and Dir.getwd
R = "/tmp/rubra_spec_dir_chdir"
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
Dir.rmdir(R + "/sub") if Dir.exist?(R + "/sub")
Dir.rmdir(R) if Dir.exist?(R)
Dir.mkdir(R)
Dir.mkdir(R + "/sub")
start = Dir.pwd
p Dir.pwd == Dir.getwd
r = Dir.chdir(R) do |path|
  p path, Dir.pwd, Dir.glob("*"), File.directory?("sub")
  Dir.chdir("sub") { |q| p q, Dir.pwd }
  p Dir.pwd
  :result
end
p r, Dir.pwd == start
p Dir.chdir(R + "/sub"), Dir.pwd, Dir.glob("*")
p Dir.chdir(R), Dir.pwd, Dir.glob("*")
o = Object.new
def o.to_path = "/tmp/rubra_spec_dir_chdir/sub"
Dir.chdir(o) { p Dir.pwd }
t { Dir.chdir(R + "/nope") }
t { Dir.chdir(R + "/nope") { p :never } }
t { Dir.chdir(1) }
p Dir.pwd
Dir.chdir(start)
p Dir.pwd == start
Dir.rmdir(R + "/sub")
Dir.rmdir(R)
