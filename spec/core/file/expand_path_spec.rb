# File.expand_path and File.absolute_path: "." and "..", repeated separators, a dir argument;
# relative results are compared with Dir.pwd (the reference's working directory is "/")
["/", "/a/../b", "/a/./b/", "/../..", "//a", "///a/b", "/a/b/..", "/a/b/../..", "/a/.../b", "/.a/..b/",
 "/a//b", "//", "///", "//a/../b", "//a/..", "//..", "///a//b/", "//a/./b", "/a/b/. /", "/a/b/...."].each do |x|
  p [x, File.expand_path(x), File.absolute_path(x)]
end
p File.expand_path("b", "/a"), File.expand_path("../b", "/a/c"), File.expand_path("a", "//b"), File.expand_path("..", "//b")
p File.expand_path("x", "/"), File.expand_path(".", "/r/s"), File.expand_path("", "/r/s"), File.expand_path("/", "/r")
p File.expand_path("a/../../b", "/r/s/t"), File.expand_path("./x/./y", "/r")
p File.expand_path("b", "c") == File.join(Dir.pwd, "c/b"), File.expand_path("a") == File.join(Dir.pwd, "a")
p File.expand_path(".") == Dir.pwd, File.absolute_path("q") == File.join(Dir.pwd, "q")
p File.absolute_path("~", "/r"), File.absolute_path("~/a", "/r"), File.absolute_path("~x/y", "/r")
o = Object.new
def o.to_path = "/t/u/../v"
p File.expand_path(o), File.absolute_path(o), File.expand_path("w", o)
p File.absolute_path?("/a"), File.absolute_path?("a"), File.absolute_path?("~"), File.absolute_path?(""), File.absolute_path?(o)
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
t { File.expand_path(nil) }
t { File.expand_path(1) }
t { File.expand_path("a", 1) }
t { File.expand_path("a\0b") }
t { File.absolute_path(nil) }
t { File.absolute_path?(nil) }
t { File.expand_path("~nosuchuser_rubra_spec") }
