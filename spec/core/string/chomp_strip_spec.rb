p "abc\r\n".chomp, "abc\n\n".chomp, "abc\n\r\n".chomp(""), "abc".chomp("c"), "abc".chomp(nil), "héé".chop, "ab\r\n".chop, "".chop
p "  hi \t\n".strip, "\0 hi".lstrip, "hi \0".rstrip, "xhix".delete_prefix("x"), "xhix".delete_suffix("x"), "hi".delete_prefix("z")
b = +"  pad  "
p b.strip!, b, b.strip!, (+"abc\n").chomp!, (+"abc").chomp!, (+"ab").chop!, (+"xy").delete_prefix!("x"), (+"xy").delete_suffix!("z")
begin
  "frozen".freeze.strip!
rescue => e
  p e
end
