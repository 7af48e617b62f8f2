# Classic list operations (the old "lists" benchmark): build a list of 1..SIZE, copy it, move
# its elements one by one from the front of one list to the back of another and back again from
# the end, reverse it, and compare the lists, 100 times. Array push/shift/pop/reverse/==.
SIZE = 10_000

def round_trip
  l1 = (1..SIZE).to_a
  l2 = l1.dup
  l3 = []
  l3.push(l2.shift) until l2.empty?
  l2.push(l3.pop) until l3.empty?
  l1.reverse!
  return 0 unless l1[0] == SIZE
  return 0 unless l1 == l2
  l1.size
end

total = 0
100.times { total += round_trip }
puts total
