p "abcb".scan("b"), "aaa".scan("aa"), "abc".scan(""), "x".scan("y")
"hello".scan("l") { |m| p m }
begin; @@c = 1; rescue RuntimeError => e; p e; end
begin; p @@c; rescue RuntimeError => e; p e; end
begin; Integer("12", 1); rescue ArgumentError => e; p e; end
p Integer("ff", 16), Integer("0b11", 0)
