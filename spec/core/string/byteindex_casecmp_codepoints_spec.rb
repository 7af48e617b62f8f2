p "hello".byteindex("l"), "hello".byteindex("l", 3), "hello".byterindex("l"), "héllo".byteindex("l"), "hello".rindex("l"), "hello".rindex("l", 2), "héllo".rindex("l")
p "abc".casecmp("ABC"), "abc".casecmp("abd"), "abc".casecmp(1), "äbc".casecmp?("ÄBC"), :abc.casecmp(:ABC), :abc.casecmp?(:ABC)
p "héllo".codepoints, "ab".each_byte.to_a, "🇯🇵e\u0301".grapheme_clusters, "abc".sum, "héllo".chr, "".chr
p "3.25abc".to_f, " -1_000.5e2x".to_f, "abc".to_f, "1e".to_f, ".5".to_f, "12".to_f
