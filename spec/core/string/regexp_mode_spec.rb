# String and Symbol methods in regexp mode: split, sub/gsub (replacement escapes, hash, block),
# scan, index/rindex/byteindex, [] with captures, []=, slice!, start_with?, partition, and which
# of them set $~.
"a,b".split(/,/); p $~
"a,b".split(","); p $~
%w[ab].any?(/a/); p $~
$~ = nil
%w[ab].grep(/a/) { p $~ }; p $~
["ab"].grep_v(/z/); p $~
"abc".sub("b", "x"); p $~, $~.regexp
"abc".index("c"); p $~
"abc".index(/c/); p $~
"abc".start_with?(/b/); p $~
"abc".start_with?(/a/); p $~
"abc" =~ /zz/; p $~
"abc".scan(/./) {}; p $~
"abc".match?(/b/); p $~
"abc".slice(/b/); p $~
"abc".partition(/b/); p $~
"abcabc".rpartition(/b/); p $~, $~.pre_match
case "hello" when /ll/ then p $~ end
p "a1b22c333".split(/\d/), "a1b22c333".split(/(\d)+/), "abc".split(//), "a b  c".split(/ /, -1), "a,b,,".split(/,/), " a b".split(/\s*/), "abc".split(/b/, 1), "aXbXc".split(/x/i, 2), "".split(/,/)
p "hello world".gsub(/o/, "0"), "hello".gsub(/l/) { |m| m.upcase }, "hello".gsub(/(l)/, '<\1>'), "hello".sub(/(?<x>e)/, '[\k<x>]'), "hello".gsub(/l/, "l" => "L"), "abc".gsub(/b/, '\0\0\&\\\\'), "abc".gsub(/b/, "\\`|\\'")
p "hello".gsub(//, "-"), "héllo".gsub(//, "-"), "abc".scan(/./), "a1b2".scan(/([a-z])(\d)/), "test".scan(/t/) { |x| print x }, "abab".index(/b/, 2), "abab".rindex(/b/), "abab".rindex(/b/, 2), "héllo".index(/l/), "héllo".byteindex(/l/)
p "abc"[/b(c)/, 1], "abc"[/(?<x>b)/, "x"], "abc"[/z/], "abc".slice(/b./)
s = "hello"; s[/l+/] = "L"; p s
s = "hello"; p s.slice!(/l+/), s
p "a-b".tr("-", "_"), "hello".sub!(/z/, ""), "hello".match(/l(l)/)[1], "foo".match?(/o/), :sym =~ /y/, :sym.match(/s/), :sym.match?(/m/), :sym[/y./]
