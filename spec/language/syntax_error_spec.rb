# A syntax error (broken method definition): nothing runs, SyntaxError on stderr, status 1
puts "this line never runs"
def broken(a, b
  a + b
end
puts broken(1, 2)
