# Fiber switches: a generator fiber resumed 300,000 times, and 300,000 values taken from an
# infinite Enumerator with `next` (each a resume into `each` and a yield back out).
gen = Fiber.new do
  i = 0
  loop do
    Fiber.yield i
    i += 1
  end
end
sum = 0
300_000.times { sum += gen.resume }
nat = Enumerator.new do |y|
  i = 0
  loop do
    y << i
    i += 1
  end
end
300_000.times { sum += nat.next }
puts sum
