# frozen_string_literal: true
# With the magic comment, plain string literals are frozen
s = "literal"
p s.frozen?
begin
  s << "x"
rescue FrozenError => e
  puts "FrozenError: #{e.message}"
end
p "interp #{1}".frozen?
p String.new("x").frozen?
p s.dup.frozen?
t = +"unfrozen"
t << "!"
p t
p "a".equal?("a")
