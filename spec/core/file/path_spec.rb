# File.path and the File path constants
p File.path("a/b"), File.path("")
o = Object.new
def o.to_path = "from_to_path"
s = Object.new
def s.to_str = "from_to_str"
p File.path(o), File.path(s)
p File::SEPARATOR, File::Separator, File::ALT_SEPARATOR, File::PATH_SEPARATOR
p File::FNM_NOESCAPE, File::FNM_PATHNAME, File::FNM_DOTMATCH, File::FNM_CASEFOLD, File::FNM_EXTGLOB, File::FNM_SYSCASE
p File.superclass
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
b = Object.new
def b.to_path = 3
t { File.path(b) }
t { File.path(3) }
t { File.path(nil) }
t { File.path("a\0") }
