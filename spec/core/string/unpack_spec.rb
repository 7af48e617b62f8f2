s = "\x01\x02\x03\x04\xff\xfe\xfd\xfc".b
p s.unpack("C*"), s.unpack1("N"), s.unpack("a3"), s.unpack("x4n")
p "abc".unpack1("H*"), "aGk=".unpack1("m"), "\xE3\x81\x82".unpack("U*")
p "abcdef".unpack("a2", offset: 4), "ab".unpack1("@1a")
