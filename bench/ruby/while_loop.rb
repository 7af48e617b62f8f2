i = 0
sum = 0
while i < 20_000_000
  sum += i
  i += 1
end
puts sum
