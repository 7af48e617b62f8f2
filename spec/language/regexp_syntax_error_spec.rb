# A bad regexp literal is a SyntaxError at its line, before anything runs.
puts "not printed"
x = /a{2,1}/
