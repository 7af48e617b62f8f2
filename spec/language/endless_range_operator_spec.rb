# An operator after an endless range, %-literals delimited by whitespace and newlines, and parenthesised splat targets
p((1.. && 2), (1.. == 2), (1.. != 2), (1.. + 2), (1.. - 2), (1...))
p((1.. <=> 2), (1.. === 2))
x = %Q
#{<<B}
in b
B

p x
y = % abc 
p y
(*a) = [1, 2]
p a
((q,), r) = [[5], 6]
p [q, r]
# an assignment in a condition takes a rescue modifier
if v = Integer("x") rescue 42
  p v
end
while w = (raise "e" rescue nil)
end
p w
p((2 + 3.. == (5..)), (1... <=> 2), (:a.. && :b))
