# Files opened with an external (and internal) encoding ("r:EXT", "r:EXT:INT", the encoding
# keywords, binmode with an encoding): reads tagged or converted,
# writes converted to the external encoding, IO.read/readlines/foreach with encoding:
path = "/tmp/rubra_io_external_encoding_#{$$}.txt"
File.binwrite(path, "caf\xE9\nna\xEFve\n")
File.open(path, "r:ISO-8859-1") do |f|
  p f.external_encoding, f.internal_encoding
  l = f.gets
  p l, l.encoding, l.encode("UTF-8")
  p f.read
end
File.open(path, "r:ISO-8859-1:UTF-8") do |f|
  p f.external_encoding, f.internal_encoding
  p f.gets, f.readlines
end
p File.read(path, encoding: "ISO-8859-1"), File.read(path, encoding: "ISO-8859-1:UTF-8")
p File.read(path, mode: "r:ISO-8859-1:UTF-8").encoding
p File.readlines(path, encoding: "ISO-8859-1").map(&:encoding).uniq
File.open(path, "r", encoding: "ISO-8859-1") { |f| p f.getc, f.getc, f.getc, f.getc }
File.open(path, "w:ISO-8859-1") { |f| f.write("été\n"); f.puts "ça"; f.print "ü", "\n"; p f.external_encoding }
p File.binread(path)
File.open(path, "w:UTF-16LE") { |f| f.write("hi") }
p File.binread(path)
p (File.read(path, encoding: "UTF-16LE") rescue $!), File.read(path, encoding: "UTF-16LE:UTF-8"), File.read(path, mode: "rb:UTF-16LE")
File.open(path, "w:ISO-8859-1") { |f| (f.write("€") rescue p $!) }
File.open(path, "r", external_encoding: "Shift_JIS", internal_encoding: "UTF-8") { |f| p f.external_encoding, f.internal_encoding }
File.binwrite(path, "\x93\xfa\x96{\n")
p File.read(path, encoding: "Shift_JIS:UTF-8"), File.read(path, encoding: "Shift_JIS")
File.open(path, "r:bom|utf-8") { |f| p f.external_encoding }
File.delete(path)
File.binwrite(path, "a\xE9\nb\n")
p IO.readlines(path, chomp: true, encoding: "ISO-8859-1")
IO.foreach(path, encoding: "ISO-8859-1:UTF-8") { |l| p l }
File.open(path, "rb:ISO-8859-1") { |f| p f.read.encoding }
File.open(path, "rb") { |f| p f.read.encoding }
File.open(path, "r") { |f| p f.read.encoding, f.external_encoding }
File.delete(path)
path = "/tmp/rubra_io_external_encoding_getc_#{$$}.txt"
File.binwrite(path, "\xA4\xA2\xA4\xA4x\xFF\xA4")
File.open(path, "r:euc-jp") { |f| 5.times { c = f.getc; p c, c&.encoding } }
File.open(path, "r:euc-jp:utf-8") { |f| p f.readchar, f.readchar.encoding }
File.open(path, "r:euc-jp:utf-8") { |f| f.binmode; p f.internal_encoding, f.external_encoding, f.read }
File.delete(path)
# set_encoding: an encoding, a name, "ext:int", two arguments, nil; an unknown name is ignored with a warning
r = $stdout.set_encoding("UTF-8")
p r.equal?($stdout), $stdout.external_encoding, $stdout.internal_encoding
$stdout.set_encoding(nil)
p $stdout.external_encoding
p $stdin.set_encoding(Encoding::BINARY).equal?($stdin), $stdin.external_encoding
p $stdin.set_encoding("ISO-8859-1:UTF-8").external_encoding, $stdin.internal_encoding
p $stdin.set_encoding("UTF-8", "ISO-8859-1").internal_encoding
path = "/tmp/rubra_set_encoding_#{$$}.txt"
File.binwrite(path, "caf\xE9\n")
File.open(path) { |f| f.set_encoding("ISO-8859-1"); l = f.gets; p l, l.encoding }
File.open(path) { |f| f.set_encoding("ISO-8859-1", "UTF-8"); p f.read }
File.open(path) { |f| f.set_encoding(Encoding::BINARY); p f.read.encoding }
File.open(path, "w") { |f| f.set_encoding("ISO-8859-1"); f.write("é") }
p File.binread(path)
File.delete(path)
p $stdout.set_encoding("bogus") rescue p $!
