total = 0
1_000_000.times { |i| total += i }
arr = (1..200_000).to_a
puts total + arr.map { |x| x * 2 }.select { |x| x % 3 == 0 }.size
