p "abcabc".sub("b", "X"), "abcabc".gsub("b", "X"), "abc".sub("b") { |m| m.upcase }, "abc".gsub("b", "b" => "Z")
p "abc".sub("b", "\\0\\0"), "abc".sub("b", "<\\`|\\'>"), "abc".gsub("", "-"), "a.b".gsub(".", "\\\\")
p (+"abc").sub!("x", "y"), (+"abc").gsub!("b", "B")
