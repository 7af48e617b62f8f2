# `next` over the enumerators of many methods (with_index, each_pair, each_char, each_cons,
# times, map.with_index, lazy), a generator yielding several values or none, and rewind
e = [1, 2].each.with_index
p e.next, e.next
e2 = {a: 1, b: 2}.each_pair
p e2.next
e3 = "ab".each_char
p e3.next, e3.next
e4 = (1..3).each_cons(2)
p e4.next
e5 = 3.times
p e5.next, e5.size
e6 = [4, 5].map.with_index(1)
p e6.next
e7 = [1, 2, 3].lazy.map { _1 * 2 }
p e7.next, e7.next
p Enumerator::Yielder
ch = [1].each + [2]
p ch.to_a
z = [1, 2, 3].each
p z.next, z.peek, z.next_values, z.peek_values
loop do
  p z.next
end
p z.next rescue p $!.class
gen = Enumerator.new { |y| y.yield 1, 2; y.yield; y << 3 << 4 }
p gen.next, gen.next, gen.next, gen.next
p gen.to_a
obj = Object.new
def obj.each; yield 1; yield 2; ensure; puts "ensure ran"; end
en = obj.to_enum
p en.next
en.rewind
p en.next
en = nil
GC.start
p :end
