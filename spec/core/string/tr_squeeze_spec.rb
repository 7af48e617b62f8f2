p "hello".count("l"), "hello".count("a-y", "^l"), "hello".delete("l"), "aaabbbccc".squeeze, "aaabbbccc".squeeze("a"), "hello".tr("el", "ip"), "hello".tr("a-y", "b-z"), "hello".tr("^l", "*"), "hello".tr_s("l", "r"), "aabbcc".tr_s("ab", "x"), "hello".tr("lo", "")
p (+"hello").tr!("z", "y"), (+"hello").squeeze!, (+"hello").delete!("z")
