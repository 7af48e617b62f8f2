# String#append_as_bytes: bytes of Strings, the low byte of Integers, no encoding check
s = +"abc"
p s.append_as_bytes("é", 255, 0x101, "x".b, -1, 2**70 + 65)
p s.encoding, s.valid_encoding?, s.bytes.last(7), s.bytesize
b = "".b
p b.append_as_bytes("é"), b.encoding
p((+"").append_as_bytes, (+"q").append_as_bytes("").equal?(nil))
begin; "x".freeze.append_as_bytes("y"); rescue => e; p e.class; end
begin; (+"x").append_as_bytes(1.5); rescue => e; p e.class, e.message; end
begin; (+"x").append_as_bytes(:sym); rescue => e; p e.message; end
t = +"z"
t.append_as_bytes(t)
p t
