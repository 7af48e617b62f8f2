# Encoding.default_external= (UTF-8, BINARY) and default_internal= (nil, UTF-8, BINARY):
# what files read as, String#encode's default destination and its replacing of invalid
# and undefined characters, decorate-only conversions that copy invalid bytes.
Encoding.default_internal = "UTF-8"
p "caf\xC3\xA9".b.encode
p "caf\xC3\xA9".encode
p "ab\xFF".encode
p "ab\xFF".force_encoding("US-ASCII").encode
Encoding.default_internal = nil
p "ab\xFF".encode
p "caf\xC3\xA9".b.encode.encoding
p "ab\xFF".encode(xml: :text)
p "ab\xFF".encode(universal_newline: true)
p "a\r\nb\xFF".encode(universal_newline: true)
p "ab\xFF".b.encode(crlf_newline: true)
p "ab\xFF".encode("UTF-8", invalid: :replace)
p "ab\xFF<".encode("UTF-8", xml: :text)
p "ab\xFF<".encode("UTF-8", xml: :text, invalid: :replace)
p "ab\xFF".b.encode("BINARY", xml: :attr)
p "ab\xFF".force_encoding("US-ASCII").encode("US-ASCII", xml: :text)
p "ab\xFF\r\n".encode(universal_newline: true, invalid: :replace)
p Encoding.default_external, Encoding.default_internal
Encoding.default_external = Encoding::UTF_8
p Encoding.default_external
Encoding.default_internal = "UTF-8"
p Encoding.default_internal
p "caf\xC3\xA9".b.encode.encoding rescue p $!.class
p "abc".b.encode.encoding
Encoding.default_internal = nil
p Encoding.default_internal, "abc".b.encode.encoding
begin; Encoding.default_external = nil; rescue => e; p e.class, e.message; end
begin; Encoding.default_external = "bogus"; rescue => e; p e.class, e.message; end
begin; Encoding.default_external = 5; rescue => e; p e.class, e.message; end
Encoding.default_external = "BINARY"
p Encoding.default_external
require "tmpdir"
path = File.join(Dir.tmpdir, "rubra_default_external_#{$$}")
File.write(path, "h\xC3\xA9")
p File.read(path).encoding, File.open(path, &:read).encoding
Encoding.default_external = "utf-8"
p File.read(path).encoding
File.delete(path)
$VERBOSE = true
Encoding.default_external = "UTF-8"
Encoding.default_internal = nil
p Encoding.default_external
