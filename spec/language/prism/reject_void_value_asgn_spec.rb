# prism: 3.3-4.0/void_value.txt
# CRuby 4.0 rejects a jump used as an assigned value
p :before
x = (return 1)
p x
