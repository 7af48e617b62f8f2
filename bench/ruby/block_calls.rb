# A method that passes a block capturing its locals, called 300,000 times: each call's frame is
# captured (an environment made and closed per call), and the block reads and writes the
# method's locals through it.
def sum_scaled(list, n)
  s = 0
  list.each { |x| s += x * n }
  s
end
list = [1, 2, 3]
total = 0
i = 0
while i < 300_000
  total += sum_scaled(list, i)
  i += 1
end
puts total
