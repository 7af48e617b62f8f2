# A break in the block of an Enumerator.new enumerator's each (through the Yielder) or of
# Enumerator.product ends the call; product reads each source's each_entry again for every
# combination, so an endless source is read only as far as needed (CRuby's product_each).
p Enumerator.product([1, 2], [3]) { |x| break 5 }
p [1,2].each_slice(1).each { break 6 }
p Enumerator.new { |y| y << 1 }.each { break 7 }
p Enumerator.produce(1) { _1 + 1 }.each { break 8 }
p ([1].each + [2]).each { break 9 }
p Enumerator.new { |y| y.yield 1 }.each { break 7 }
e = Enumerator.new { |y| y << 1; y << 2 }
p e.each { |x| break x * 10 }
p e.map { |x| break 99 }
p e.first
begin; Enumerator.product(Float::INFINITY, loop) { |*x| p x; break }; rescue Exception => e; p e.class, e.message; end
p Enumerator.product([1, 2], [3, 4]).to_a, Enumerator.product.to_a, Enumerator.product([1]).size, Enumerator.product([1, 2], 3..4).size
n = 0
Enumerator.product([1, 2], loop) { |pair| n += 1; break if n > 3 } rescue p $!
p n
p Enumerator.product([1, 2], [[3, 4]], {a: 1}).to_a
src = Object.new
def src.each_entry; yield 1; yield 2, 3; end
p Enumerator.product(src, src).to_a
e = Enumerator.product([1, 2], [3])
p e.size, e.inspect
