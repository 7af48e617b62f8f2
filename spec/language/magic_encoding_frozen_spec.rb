# encoding: binary
# frozen_string_literal: true
# Frozen literals of a binary source are deduplicated BINARY strings, apart from UTF-8 ones.
a = "abc"
p a.encoding, a.frozen?, a.equal?("abc"), "\xff".encoding, "\u00e9".encoding
p "\u00e9".equal?("\u00e9"), "\u00e9" == "\xc3\xa9", "\u00e9".b == "\xc3\xa9"
p "#{a}!".frozen?, "#{a}!".encoding
p -"abc" == a, (-"abc").equal?(a)
src = "\"caf\\u00e9\"".dup.force_encoding("UTF-8")
p eval(src).encoding, eval("__ENCODING__".b), eval("__ENCODING__".encode("US-ASCII"))
p eval("# encoding: utf-8\n__ENCODING__")
# an eval'd string's magic comments are read from its own first lines, whatever its line number
p eval("# encoding: us-ascii\n__ENCODING__", nil, "f", 10)
p eval("# frozen_string_literal: false\n\"x\".frozen?", nil, "f", 5)
