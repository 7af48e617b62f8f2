# A UTF-8 source may hold any bytes in comments, embedded documents and after __END__
# (invalid here: ÿþ), but not in its code: a file loaded with such a byte in a
# literal is a SyntaxError at that line.
p 1 # trailing ã
=begin
an embedded document ÿ
=end
path = "/tmp/rubra_invalid_multibyte.rb"
File.binwrite(path, "x = 1\n# fine: \xff\np \"a\xffb\"\n")
begin
  load path
rescue SyntaxError => e
  p e.class, e.message.include?("invalid multibyte character")
end
File.binwrite(path, "p :ok # \xff\n")
load path
File.delete(path)
# the same in an eval'd UTF-8 String (its line numbers from eval's line argument)
begin
  eval("x = 1\np \"\xff\"", nil, "f.rb", 10)
rescue SyntaxError => e
  p e.class, e.message[/\A[^:]+:\d+:/]
end
eval("p 2 # \xff")
p :end
__END__
data ÿ
