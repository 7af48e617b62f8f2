require "tmpdir"
p Dir.tmpdir
name = /\d{8}-#{$$}-[0-9a-z]+/
r = Dir.mktmpdir { |d| p d.sub(name, "X"); p File.directory?(d); File.write("#{d}/a", "x"); Dir.mkdir("#{d}/sub"); $d = d; :ret }
p r, File.exist?($d)
d = Dir.mktmpdir("pre")
p d.sub(name, "X"), File.directory?(d)
d2 = Dir.mktmpdir(["pre", "suf"])
p d2.sub(name, "X")
d3 = Dir.mktmpdir("a b/c:d")
p d3.sub(name, "X")
Dir.rmdir(d)
Dir.rmdir(d2)
Dir.rmdir(d3)
p Dir.mktmpdir(nil, "/tmp") { |x| x.start_with?("/tmp/d") }
path = Dir::Tmpname.create("x") { |pa, n, opts, dir| p [pa.class, n, opts, dir] }
p path.sub(name, "X")
begin
  Dir.mktmpdir(1)
rescue ArgumentError => e
  p e.message
end
