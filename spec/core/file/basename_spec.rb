# File.basename: components, trailing and repeated separators, suffixes (".*", literal, glob-like)
paths = ["", "/", "//", "///a", "a", "a/", "a//", "/a", "/a/", "a/b", "a/b/", "a//b//", "/a/b/c",
         ".", "..", "./a", ".a", "a.", "a.rb", "a.tar.gz", ".bashrc", "..rb", "...jpg", "a/.b",
         "a/..b.c", "a.b/c", "a.b/", "foo.", ".foo.", "....", "c:\\x", "a\\b.c", "a.rb/", "/.rb"]
paths.each do |pa|
  p [pa, File.basename(pa), File.basename(pa, ".rb"), File.basename(pa, ".*"), File.basename(pa, "b"), File.basename(pa, "a.*")]
end
p File.basename("a.rb", "a.rb"), File.basename("a.rb", "rb"), File.basename("a.rb", ""), File.basename("x.c", "x.c.c")
p File.basename(".rb", ".rb"), File.basename("a.b.*", ".*"), File.basename("abc", "*"), File.basename("abc", "b*")
p File.basename("/a/b.x.y", ".y"), File.basename("/a/b.x.y/", ".*"), File.basename("x.RB", ".rb")
o = Object.new
def o.to_path = "x/y.rb"
s = Object.new
def s.to_str = ".rb"
p File.basename(o), File.basename(o, s), File.basename("u.rb", s)
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
t { File.basename(1) }
t { File.basename(nil) }
t { File.basename("a", 1) }
t { File.basename("a", nil) }
t { File.basename("a", o) }
t { File.basename("a\0b") }
t { File.basename("a", "b\0") }
t { File.basename }
t { File.basename("a", "b", "c") }
