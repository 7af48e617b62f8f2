r = []; "a".upto("e") { |x| r << x }; p r
r = []; "9".upto("11") { |x| r << x }; p r
r = []; "08".upto("11", true) { |x| r << x }; p r
p "héllo\n\t\"\\".dump, "\e#{1}".dump, "\u{1F600}".dump
p "hello" "world", "a" * 3, "%05d" % 42
p String.new, String.new.encoding, String.new("abc"), String.new("abc").encoding, String.new(capacity: 100), String.new("x", encoding: "ASCII-8BIT").encoding
