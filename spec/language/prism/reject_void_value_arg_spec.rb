# prism: 3.3-4.0/void_value.txt
# CRuby 4.0 rejects a jump used as a value ("unexpected void value expression")
p :before
loop { p((break 7)) }
