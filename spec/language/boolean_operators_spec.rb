# && || ! and or not: values and short-circuiting
def t(x)
  print "t(#{x.inspect}) "
  x
end
p t(1) && t(2)
p t(nil) && t(2)
p t(false) || t(3)
p t(4) || t(5)
p (t(nil) and t(1))
p (t(1) or t(2))
p !t(nil)
p (not t(1))
p nil & true
p true & 1
p false | nil
p true ^ true
x = nil || "default"
p x
y = false or true
p y
z = (false or true)
p z
p [nil, false, 0].map { |v| v ? 1 : 0 }
p 1.!
p nil.!
p (1 && nil && 2)
p (nil || false || nil)
