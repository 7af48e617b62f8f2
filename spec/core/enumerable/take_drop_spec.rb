# take, take_while, drop, drop_while, first(n), each_slice, each_cons, zip
a = [1, 2, 3, 4, 5]
p a.take(2), a.take(0), a.take(10)
p a.take_while { _1 < 3 }
p a.drop(2), a.drop(10)
p a.drop_while { _1 < 3 }
p (1..Float::INFINITY).lazy.map { _1 * 2 }.take(3).to_a
p (1..10).each_slice(3).to_a
p (1..5).each_cons(2).to_a
p (1..3).each_cons(5).to_a
r = (1..4).each_slice(2) { p _1 }
p r
p [1, 2, 3].zip([4, 5, 6], [7, 8, 9])
p [1, 2].zip([3])
p [1].zip
p (1..3).zip(4..6)
p({ a: 1 }.zip([2]))
begin
  a.take(-1)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  (1..3).each_slice(0)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
