# CRuby's encodings: the list in its order, names and aliases, the constants, find, flags,
# inspect ("(dummy)", "(autoload)" until an encoding is first used) and compatible? of two
# Encodings
p Encoding.list.size, Encoding.name_list.size, Encoding.aliases.size
p Encoding.list.first(12).map(&:name)
p Encoding.list.map(&:name).last(6)
p Encoding.name_list.first(12), Encoding.name_list.last(4)
p Encoding.aliases.first(6), Encoding.aliases.to_a.last(3)
p Encoding.list.count(&:dummy?), Encoding.list.count(&:ascii_compatible?)
p Encoding.list.select(&:dummy?).map(&:name)
p Encoding.list.reject(&:ascii_compatible?).map(&:name)
consts = Encoding.constants.select { |c| Encoding.const_get(c).is_a?(Encoding) }
p consts.size, consts.sort.first(12), consts.sort.last(6)
p Encoding::SJIS.equal?(Encoding::Windows_31J), Encoding::EucJP_ms, Encoding::EUC_JP_MS
p Encoding::MacRoman.name, Encoding::MACROMAN.name, Encoding::EBCDIC_CP_US.name
p Encoding::Shift_JIS
p Encoding::EUC_JP
p Encoding::UTF_16, Encoding::UTF_7, Encoding::ISO_2022_JP
e = Encoding::ISO_8859_4; e.name; p e
e = Encoding::ISO_8859_5; e.names; p e
e = Encoding::ISO_8859_6; e.dummy?; p e
e = Encoding::ISO_8859_7; e.ascii_compatible?; p e
e = Encoding::ISO_8859_8; e.to_s; p e
e = Encoding::ISO_8859_9; Encoding.compatible?(e, Encoding::UTF_8); p e
e = Encoding::ISO_8859_10; "".encode(e); p e
e = Encoding::ISO_8859_11; Encoding.list; p e
p "x".force_encoding("ISO-8859-14").encoding
p Encoding::CESU_8
p Encoding.find("utf-16le"), Encoding.find("cp932"), Encoding.find("eucjp"), Encoding.find("BINARY")
p Encoding.find("locale"), Encoding.find("external"), Encoding.find("filesystem")
p Encoding::Big5_HKSCS.names, Encoding::UTF_8.names, Encoding::US_ASCII.names
p (Encoding.find("nope") rescue $!)
p Encoding.compatible?(Encoding::UTF_8, Encoding::UTF_8)
p Encoding.compatible?(Encoding::ISO_8859_1, Encoding::US_ASCII)
p Encoding.compatible?(Encoding::US_ASCII, Encoding::EUC_JP)
p Encoding.compatible?(Encoding::ISO_8859_1, Encoding::UTF_8)
p Encoding.compatible?(Encoding::UTF_16LE, Encoding::US_ASCII)
