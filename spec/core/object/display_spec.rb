# Object#display writes to_s to $stdout and returns nil
r = 1.display
puts
p r
"str".display
[1, 2].display
:sym.display
nil.display
puts
