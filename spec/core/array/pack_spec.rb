p [1, 2, 255, 256, -1].pack("C*"), [65, 66].pack("c2"), [1].pack("s"), [1].pack("S>"), [1, 2].pack("nN"), [1, 2].pack("vV")
p [1].pack("l"), [-2].pack("q"), [2**64 - 1].pack("Q"), [2**70 + 5].pack("Q"), [1.9].pack("C")
p ["abc"].pack("a5"), ["abc"].pack("A5"), ["abc"].pack("Z*"), ["abc"].pack("a"), ["abc", "de"].pack("a2a*"), ["abc"].pack("Z2")
p ["616263"].pack("H*"), ["16"].pack("h*"), ["a"].pack("H"), ["4"].pack("H2")
p [97, 233, 0x1F600].pack("U*"), [97].pack("U").encoding, [97].pack("C").encoding, ["x"].pack("m").encoding
p [1, 128, 16384, 2**70].pack("w*")
p ["hello world"].pack("m"), ["hello world"].pack("m0"), ["a" * 60].pack("m"), ["ab"].pack("m3")
p ["héllo = wörld\n"].pack("M"), ["x" * 80].pack("M")
p [1, 2].pack("CxC"), [1, 2, 3].pack("CCXC"), [1].pack("C@4"), [1.5].pack("e"), [1.5].pack("G"), [1.5].pack("d").bytesize
s = "\x01\x02\x03\x04\xff\xfe\xfd\xfc".b
p s.unpack("C*"), s.unpack("c*"), s.unpack("S*"), s.unpack("s>2"), s.unpack("N2"), s.unpack("V"), s.unpack("q"), s.unpack("Q"), s.unpack("n3")
p "abc  \0".unpack("A*"), "abc\0de".unpack("Z*a*"), "abc".unpack("a2"), "ab".unpack("a5"), "\x00\x00".unpack("Z*")
p "abc".unpack("H*"), "abc".unpack("h*"), "abc".unpack("H3"), "héllo😀".unpack("U*"), "aGVsbG8gd29ybGQ=\n".unpack1("m"), "aGVsbG8=".unpack1("m0")
p "=C3=A9t=C3=A9=\n".unpack("M"), "\x01\x81\x00\x81\x80\x00".unpack("w*"), "abcd".unpack("x2a*"), "abcd".unpack("a1X1a2"), "abcd".unpack("@3a"), "abcdef".unpack1("a2", offset: 2)
p [1.5, -2.25].pack("EG").unpack("EG"), [1.5].pack("f").unpack1("f"), "\x01".unpack("n"), "".unpack("C")
begin; [1].pack("CC"); rescue ArgumentError => e; p e.message; end
begin; ["x"].pack("C"); rescue TypeError => e; p e.message; end
begin; [-1].pack("w"); rescue ArgumentError => e; p e.message; end
begin; "!!".unpack("m0"); rescue ArgumentError => e; p e.message; end
begin; [1].pack("y"); rescue ArgumentError => e; p e.message; end
