# String#to_i with bases and prefixes, #hex, #oct
p "42abc".to_i, " -17".to_i, "1_000".to_i, "1__0".to_i, "_1".to_i, "0x1f".to_i, "0x1f".to_i(16), "1f".to_i(16)
p "ff".hex, "0xff".hex, "-0x1A".hex, "zz".hex, "777".oct, "0x1f".oct, "0b101".oct, "89".oct
p "0b101".to_i(0), "0o17".to_i(0), "017".to_i(0), "17".to_i(0), "z".to_i(36), "12".to_i(2)
begin; "1".to_i(1); rescue => e; p e; end
