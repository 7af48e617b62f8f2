# IO#pos writes out what is buffered first, so on a device whose offset stays 0 it is 0
o = File.open(File::NULL, "wb")
o.write("abc")
p o.pos, o.tell
o.write("de")
p o.pos
o.close
