# StringIO#gets and friends count a read with a nil separator as a line (lineno), as IO does.
require "stringio"
f = StringIO.new("a\nb\n\nc\n")
p f.gets(nil), f.lineno, f.gets(nil), f.lineno
f.rewind
p f.readlines(nil), f.lineno
f.rewind
p f.gets(""), f.lineno, f.gets(0), f.lineno, f.gets, f.lineno
f.rewind
f.each_line(nil) { |l| p l }
p f.lineno
