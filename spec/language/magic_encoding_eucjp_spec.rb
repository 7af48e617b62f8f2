# -*- coding: euc-jp -*-
# A source in EUC-JP: two-byte characters in its literals
s = "日本"
p s.encoding, s.length, s.valid_encoding?, s.chars.size
puts s.encode("UTF-8")
p s, s[1], "abc".encoding, __ENCODING__
