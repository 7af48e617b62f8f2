# String#ord for each kind of string: the byte of a BINARY string, the code point of UTF-8, errors for an
# invalid sequence (UTF-8, US-ASCII) and the empty string.
p "é".b.ord, "a".ord, "é".ord, "😀x".ord, "\u0100".ord
p ("\xC3".ord rescue $!), ("\xC3(".force_encoding("US-ASCII").ord rescue $!), ("".ord rescue $!)
p "\xFFabc".b.ord, "\xE2\x82".ord rescue p $!
