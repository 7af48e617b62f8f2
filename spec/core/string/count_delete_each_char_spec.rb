# String#count and #delete with character sets, #each_char
p "hello world".count("lo"), "hello".count("a-y"), "hello".count("^l"), "hello world".count("lo", "o"), "a-b".count("a\\-"), "hello".delete("l"), "hello".delete("a-k"), "héllo".count("é")
"ab".each_char { print _1, "|" }
puts
p "ab".each_char.to_a
begin; "x".count; rescue => e; p e; end
