# A syntax error: a class body that is never closed
puts "nothing is printed"
class Unclosed
  def ok = 1
