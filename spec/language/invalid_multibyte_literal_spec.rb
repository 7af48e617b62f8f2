# A byte that is not UTF-8 in a string literal of a UTF-8 file: SyntaxError at its line,
# before anything runs (the comment above it may hold one: ÿ)
puts "not printed"
s = "café"
puts s
