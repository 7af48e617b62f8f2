# A limit of 0 for readlines and each_line is an ArgumentError (it would read empty lines for
# ever), on IO, File, StringIO and ARGF/Kernel; gets with a limit of 0 answers "".
require "stringio"
path = "/tmp/rubra_spec_readlines_zero.txt"
File.write(path, "a\nb\n")
def t
  p yield
rescue => e
  p e.class, e.message
end
t { readlines(nil, 0) }
t { readlines(0) }
t { $stdin.readlines("x", -0.0) }
t { File.readlines(path, nil, 0) }
t { File.open(path) { |f| f.readlines(0) } }
t { File.open(path) { |f| f.each_line(nil, 0).to_a } }
t { File.open(path) { |f| f.gets(nil, 0) } }
t { File.open(path) { |f| f.readlines(1) } }
t { StringIO.new("a\nb").readlines(nil, 0) }
t { StringIO.new("a\nb").each_line(0).to_a }
t { StringIO.new("a\nb").gets(0) }
t { StringIO.new("a\nb").readlines(1) }
File.delete(path)
