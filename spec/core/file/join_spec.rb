# File.join: one separator between parts, nested arrays, to_path/to_str parts, errors
p File.join, File.join(""), File.join("", "a"), File.join("a", ""), File.join("a", "b"), File.join("a/", "/b")
p File.join("a//", "//b"), File.join("a", ["b", ["c"]]), File.join("a", []), File.join([]), File.join("/", "x")
p File.join("", "", ""), File.join("a", "", "b"), File.join("/", "/"), File.join(["a", "b"], "c"), File.join("a/", "b/")
p File.join("/a/", "/"), File.join("a", "/", "b"), File.join(*%w[usr local lib])
o = Object.new
def o.to_path = "p"
s = Object.new
def s.to_str = "s"
p File.join(o, s, [o])
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
a = ["x"]
a << a
t { File.join(a) }
t { File.join("a", 1) }
t { File.join("a", nil) }
t { File.join(:a) }
t { File.join("a\0b") }
