# String#undump reads back what String#dump writes, and refuses anything else
["", "abc", "a\u3042\n", "tab\tq\"uote\\", "\e\a\b\v\f\r", "\u{1F600}x", "#{1}\#{x}", "\x00\x7f"].each do |s|
  d = s.dump
  u = d.undump
  p [d, u, u == s, u.encoding]
end
p "\"\\xE3\\x81\\x82\"".undump, "\"\\xE3\\x81\\x82\"".undump.encoding
p "\"\\xFF\"".force_encoding("BINARY").undump.encoding
p "\"abc\".force_encoding(\"ASCII-8BIT\")".undump.encoding
p "\"\\u{3042 3044}\"".undump
["abc", "\"abc", "\"a\"b\"", "\"\\q\"", "\"\\u3042\".force_encoding(\"UTF-8\")"].each do |bad|
  bad.undump
rescue RuntimeError => e
  p [bad, e.message]
end
p "\"\\q\\z\\1\"".undump
