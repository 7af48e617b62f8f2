# Enumerator.produce, Enumerator.product (Enumerator::Product), Enumerator#+ and Enumerable#chain
# (Enumerator::Chain): values, sizes, inspect, laziness, StopIteration, errors; and an
# Enumerator subclass made with new { |y| } keeps working (its ivars move with the class).
c = [1, 2].each + [3] + (4..5)
p c
p c.size, c.to_a, c.map { _1 * 2 }, c.with_index.to_a.last
p [1].chain.class, [1].chain([2], {a: 1}).to_a, [1].chain.size
p ([1].each + (1..)).size
p ([1].each + [1].each_slice(1)).size rescue p $!
e = [1, 2].each + [[3, 4]]
p e.to_a
h = {a: 1}.each + {b: 2}
p h.to_a
p Enumerator.product.to_a, Enumerator.product.size
p Enumerator.product([1, 2], [3]).class
p Enumerator.product([1, 2], []).to_a, Enumerator.product([1, 2], []).size
p Enumerator.product(1..2, [3, 4], "a".."b").to_a.length
p Enumerator.product(1.., [1, 2]).first(3), Enumerator.product(1.., [1, 2]).size
r = []
p Enumerator.product([1, 2], [3]) { |x| r << x }.class, r
p Enumerator.product({a: 1}, [2]).to_a
g = Enumerator.produce(1) { |x| x + 1 }
p g.next, g.next, g.peek, g.size, g.lazy.map { _1 * 3 }.first(2)
p Enumerator.produce([1, 1]) { |a, b| [b, a + b] }.take(5)
p Enumerator.produce { :x }.take(1)
p Enumerator.produce(nil) { |x| x.nil? ? 1 : raise(StopIteration) }.to_a
begin
  Enumerator.produce
rescue => ex
  p ex.class, ex.message
end
p Enumerator.produce(1) { raise ArgumentError, "boom" }.take(3) rescue p $!
k = Class.new(Enumerator); e = k.new { |y| y << 1 }; p e.to_a, e.class.superclass
c = [1].each + [2]
p %i[next peek next_values peek_values feed rewind size with_index each_with_index with_object].map { c.respond_to?(_1) }
pr = Enumerator.product([1], [2])
p %i[next peek rewind size].map { pr.respond_to?(_1) }
p pr.inspect, pr.to_a
class Countdown < Enumerator
  def initialize(n)
    super() { |y| n.downto(1) { y << _1 } }
  end
end
p Countdown.new(3).to_a, Countdown.new(2).class, Countdown.new(2).next
p (Enumerator.product([1], foo: 1) rescue $!), (Enumerator.product([1], a: 1, b: 2) rescue $!), Enumerator.product([1], **{}).to_a
