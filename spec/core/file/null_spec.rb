p File::NULL, File::NULL.frozen?, File::NULL.encoding, File::Constants::NULL.equal?(File::NULL)
p File.exist?(File::NULL), File.read(File::NULL)
File.open(File::NULL, "w") { |f| p f.write("gone") }
