# File.open with keyword options: mode:, flags: (added to the mode), perm:, binmode:,
# textmode:, encoding:, "r:bom|utf-8", and the errors for options given twice or together;
# also external_encoding.
path = "/tmp/rubra_spec_file_open_options.txt"
def t
  r = yield
  p r
rescue Exception => e
  puts "#{e.class}: #{e.message}"
end
t { File.open(path, mode: "w") { |f| f.write "abc\n" } }
t { File.open(path, "a", perm: 0600) { |f| f.write "def\n"; f.path } }
t { File.open(path, mode: "r") { |f| f.read } }
t { File.open(path, flags: File::RDONLY) { |f| f.read } }
t { File.open(path, "w", flags: File::APPEND) { |f| f.write("y") } }
t { File.open(path, "a", flags: File::TRUNC) { |f| f.write("z") } }
t { File.read(path) }
t { File.open(path, "r", flags: File::WRONLY) { |f| f.write("q") } }
t { File.open(path, "r+b") { |f| f.read } }
t { File.open(path, "rb") { |f| [f.binmode?, f.read.encoding, f.external_encoding] } }
t { File.open(path, "r", binmode: true) { |f| [f.binmode?, f.read.encoding] } }
t { File.open(path, "rt") { |f| f.binmode? } }
t { File.open(path, "r", textmode: true) { |f| f.binmode? } }
t { File.open(path, "r:utf-8") { |f| [f.read.encoding, f.external_encoding] } }
t { File.open(path, "r", encoding: "ascii-8bit") { |f| f.read.encoding } }
t { File.open(path) { |f| [f.external_encoding, f.internal_encoding] } }
t { File.open(path, "rb", textmode: true) }
t { File.open(path, "rt", binmode: true) }
t { File.open(path, "r", binmode: true, textmode: true) }
t { File.open(path, "rb", binmode: true) }
t { File.open(path, "w", mode: "w") }
t { File.open(path, "r", 0644, mode: "r") }
t { File.open(path, "r:bom|utf-8") { |f| f.read } }
File.binwrite(path, "\xEF\xBB\xBFhello\n")
t { File.read(path).bytesize }
t { File.open(path, "r:bom|utf-8") { |f| [f.read, f.pos] } }
t { File.open(path, "r:BOM|UTF-8") { |f| f.gets } }
t { File.open(path, mode: "r:bom|utf-8") { |f| f.getc } }
t { File.read(path, mode: "r:bom|utf-8") }
t { File.open(path, "r") { |f| f.read.bytesize } }
File.delete(path)
p File.exist?(path)
