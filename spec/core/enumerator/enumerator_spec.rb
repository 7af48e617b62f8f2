# Enumerators from methods without blocks; chaining with_index / with_object
e = [1, 2, 3].each
p e.class
p e.to_a
p e.size
p [1, 2, 3].map.with_index { |x, i| x * i }
p [1, 2, 3].each.with_index(1).map { |x, i| [i, x] }
p %w[a b].each_with_index.map { |s, i| s * (i + 1) }
p [1, 2].each.with_object([]) { |x, acc| acc << x + 1 }
p (1..3).each_slice(2).map(&:sum)
p [4, 5].each_with_index.to_a
p({ a: 1, b: 2 }.each.to_a)
p({ a: 1 }.map.class)
p 3.times.to_a
p [3, 1, 2].sort_by.with_index { |x, i| -i }
p [1, 2, 3].select.with_index { |x, i| i > 0 }
p %w[a b c].each_with_index.select { |s, i| i != 1 }.map(&:first)
enum = Enumerator.new do |y|
  y << 1
  y << 2
  y.yield 3
end
p enum.to_a
p enum.map { _1 * 10 }
p enum.first(2)
p enum.include?(3)
fib = Enumerator.new do |y|
  a, b = 0, 1
  loop do
    y << a
    a, b = b, a + b
  end
end
p fib.take(10)
p fib.lazy.select(&:odd?).first(5)
p fib.each_with_index.first(2)
def numbers
  return to_enum(:numbers) unless block_given?
  yield 1
  yield 2
end
p numbers.to_a
p numbers.map { _1 + 1 }
p [1, 2, 3].each_slice(2).to_a
p "a b c".split.each_with_index.to_h
p (1..3).each_entry.to_a rescue p $!.class
p [1, 2].cycle.take(5)
p (1..3).sum { _1 }
