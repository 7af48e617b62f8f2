# The everyday String methods: justification, searching, sub/gsub with strings, reversing, stripping, case
puts "abc".center(9, "*"), "abc".ljust(6, ".") + "|", "abc".rjust(6) + "|", "ab".center(7, "12"), "日本".center(6, "*"), "abc".center(2)
puts "Title".center(11).inspect
s = "Hello, World"
p s.include?("World"), s.start_with?("Hell", "x"), s.end_with?("d"), s.index("o"), s.index("o", 5), s.index("zz"), "日本語".index("語")
p s.sub("World", "Ruby"), s.gsub("l", "L"), s.gsub("o") { |m| m.upcase }, s.sub("l", "l" => "1"), "aaa".gsub("", "-")
p s.reverse, "日本".reverse, s.chars.first(3), "日本".chars, s.bytes.size, s.bytes.first(2)
p "  x \n".strip, "  x ".lstrip, "  x \n\0".rstrip, "a\r\n".chomp, "a\n\n".chomp, "abc".chomp("c"), "x".chomp
p s.capitalize, "hELLO wORLD".capitalize, s.swapcase, "a".ord, "日".ord
p "line1\nline2\n\nx".lines, "".lines
begin; "".ord; rescue => e; p e; end
begin; "x".center(5, ""); rescue => e; p e; end
