# Integer#chr with no argument gives one byte; past ASCII (128..255) a binary String
[65, 126, 128, 200, 255].each { |i| c = i.chr; p [c, c.bytes, c.encoding == Encoding::BINARY] }
p (256.chr rescue $!), (-1.chr rescue $!)
p ("\x1f".b + 0x80.chr + "abc").bytes
p 233.chr(Encoding::UTF_8), 0x20ac.chr("UTF-8")
