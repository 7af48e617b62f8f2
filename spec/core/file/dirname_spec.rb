# File.dirname with and without a level count
paths = ["", "/", "//", "///a", "a", "a/", "a//", "/a", "/a/", "a/b", "a/b/", "a//b//", "/a/b/c", "//a/b",
         ".", "..", "./a", "../a/b", "a/.b", "a.b/c", "x/y.z/", "/a/b.c.d", "a\\b/c"]
paths.each do |pa|
  p [pa, File.dirname(pa), File.dirname(pa, 0), File.dirname(pa, 1), File.dirname(pa, 2), File.dirname(pa, 3)]
end
p File.dirname("/a/b/c/d", 2), File.dirname("a/b/c/d", 4), File.dirname("a/b/c/d", 5), File.dirname("/a/b/c/d", 10)
p File.dirname("//a//b//c", 2), File.dirname("a/b/c", 2.7)
o = Object.new
def o.to_path = "x/y/z.rb"
p File.dirname(o), File.dirname(o, 2)
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
t { File.dirname("a/b", -1) }
t { File.dirname("a", "1") }
t { File.dirname("a", nil) }
t { File.dirname(nil) }
t { File.dirname(3) }
t { File.dirname("a\0b") }
