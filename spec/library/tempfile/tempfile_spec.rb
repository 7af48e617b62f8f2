require "tempfile"
p Dir.tmpdir
r = Dir.mktmpdir { |d| p d.sub(/\d{8}-#{$$}-\w+/, "X"); p File.directory?(d); File.write("#{d}/a", "x"); $d = d; :ret }
p r, File.exist?($d)
d = Dir.mktmpdir("pre")
p d.sub(/\d{8}-#{$$}-\w+/, "X"), File.directory?(d)
d2 = Dir.mktmpdir(["pre", "suf"])
p d2.sub(/\d{8}-#{$$}-\w+/, "X")
Dir.rmdir(d); Dir.rmdir(d2)
t = Tempfile.new("foo")
p t.class, t.path.sub(/\d{8}-#{$$}-\w+/, "X"), File.exist?(t.path)
t.write("hello"); t.flush
p File.read(t.path), t.size
t.rewind; p t.read
p t.inspect.sub(/\d{8}-#{$$}-\w+/, "X")
path = t.path
t.close
p t.closed?, File.exist?(path)
t.open; p t.read
t.close!
p t.path, File.exist?(path)
t2 = Tempfile.new(["base", ".txt"])
p t2.path.sub(/\d{8}-#{$$}-\w+/, "X")
t2.unlink; p t2.path
t2.close
r = Tempfile.create("c") { |f| p f.class; $cp = f.path; f.puts "x"; 7 }
p r, File.exist?($cp)
f = Tempfile.create("c2"); p f.class; f.close; File.unlink(f.path)
r = Tempfile.open("o") { |f| $op = f; f.print "z"; 8 }
p r, $op.closed?, File.exist?($op.path)
$op.unlink
p Dir::Tmpname.create("x") { |p, n, o| $tn = p } .sub(/\d{8}-#{$$}-\w+/, "X") rescue p $!
p Tempfile.new("x", "/tmp").length
t3 = Tempfile.new("e"); p t3.respond_to?(:each_line), t3.is_a?(File), t3.is_a?(IO) 
