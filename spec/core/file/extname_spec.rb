# File.extname: last extension of the last component; dotfiles have none, a trailing dot is "."
paths = ["", "/", "a", "a.rb", "a.tar.gz", "/x/a.rb", "x.y/z", "x.y/", "x.y/z.w/", ".bashrc", ".a.rb",
         "..rb", "...jpg", "a.", "foo.", ".foo.", "....", "a..b", "a/.b.c", "a/b.", "..", ".", "a.rb/",
         "/.rb", "a b.c d", "a.\u00e9", "\u00e9.txt", "a\\b.c"]
paths.each { |pa| p [pa, File.extname(pa)] }
o = Object.new
def o.to_path = "q/r.md"
p File.extname(o)
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
t { File.extname(3) }
t { File.extname(nil) }
t { File.extname("a\0.b") }
