# String literals: quotes, escapes, interpolation, adjacent literals
p "double"
p 'single'
p 'it''s'
p 'a\'b'
p 'back\\slash'
p 'no \n escape'
p "tab\tnewline\nreturn\rbell\aesc\e"
p "backspace\b formfeed\f vtab\v null\0 space\s"
p "quote\" backslash\\ hash\#{x}"
p "\x41\x62"
p "\101\102\103"
p "\u00e9"
p "\u{1F600}"
p "\u{48 49}"
p "\cA\C-b\M-a".length
x = 5
p "x is #{x}"
p "sum #{x + 1} and #{"nested #{x * 2}"}"
p "#{nil}|#{true}|#{:sym}|#{[1, "a"]}|#{1.5}"
p "ivar #@iv and gvar #$gv" 
@iv = "I"
$gv = "G"
p "ivar #@iv and gvar #$gv"
p "adjacent" " strings" ' joined'
p "multi
line"
s = "caf\u00e9"
p s
p s.length
puts s
puts "日本語"
p "日本語"
p "日本語".length
p ""
p "".length
puts "a\tb"
print "no newline", "\n"
