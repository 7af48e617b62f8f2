# Heredocs: <<ID, <<-ID, <<~ID, quoted ids, interpolation, several on a line
name = "world"
a = <<EOS
hello #{name}
  indented
EOS
p a
b = <<-EOS
    keeps indentation #{1 + 1}
    EOS
p b
c = <<~EOS
    squiggly #{name}
      two more
    back
EOS
p c
d = <<~'EOS'
  raw #{name} \n
EOS
p d
e = <<~"EOS"
  quoted #{name}\tTab
EOS
p e
def pair(x, y) = [x, y]
p pair(<<~A, <<~B)
  first
A
  second
B
f = <<~EOS.length
  abc
EOS
p f
g = <<~EOS

  blank line above
EOS
p g
puts <<~EOS
  printed
    directly
EOS
