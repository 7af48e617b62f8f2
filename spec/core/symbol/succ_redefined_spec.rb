# Symbol#succ does not depend on what String#succ has been redefined to.
class String
  def succ = 1
end
p :a.succ
p :az.succ
p "a".succ
