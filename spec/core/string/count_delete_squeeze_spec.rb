# String#count, #delete and #squeeze: ASCII and multibyte sets, negation, escapes, intersections,
# binary strings, and the ArgumentError of a backward range.
s = "hello world\nfoo\nbar ünïcode ñ\n" * 3
p s.count("\n"), s.count("lo"), s.count("a-z"), s.count("^a-z"), s.count("a-z", "^l"), s.count("ü"), s.count("^ü"), s.count("\\-"), s.count("a\\-z")
p s.delete("l"), s.delete("^a-z\n"), s.squeeze, s.squeeze("l"), s.squeeze("^l")
p "aaa---bbb".squeeze("-"), "a-b".count("-"), "^^".count("^"), "x^y".count("^^"), "".count("a")
p "\xff\xfeab".b.count("a"), "abc".count("")
p "hello".delete("l", "lo"), "hello".count("a-y", "^l")
["delete", "count", "squeeze", "tr"].each do |m|
  begin
    m == "tr" ? "abc".tr("c-a", "x") : "abc".send(m, "c-a")
  rescue => e
    p [m, e.class, e.message]
  end
end
