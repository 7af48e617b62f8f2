# Including Enumerable in a user class
class NumberList
  include Enumerable
  def initialize(*n) = @n = n
  def each
    @n.each { |x| yield x }
    self
  end
end
l = NumberList.new(5, 3, 8, 1, 3)
p l.to_a
p l.map { |x| x * 10 }
p l.select(&:odd?)
p l.reject(&:odd?)
p l.sort
p l.sort_by { -_1 }
p l.min, l.max
p l.minmax
p l.sum
p l.count
p l.count(3)
p l.first
p l.first(2)
p l.include?(8)
p l.inject(:+)
p l.reduce(100) { |a, b| a - b }
p l.each_slice(2).to_a
p l.each_cons(4).to_a
p l.each_with_index.to_a
p l.group_by(&:odd?)
p l.partition { _1 > 3 }
p l.tally
p l.uniq
p l.zip(l.map { _1 * 2 })
p l.min_by { (_1 - 4).abs }
p l.find { _1 > 4 }
p l.find_index(8)
p l.each_with_object([]) { |x, acc| acc.unshift(x) }
p l.to_h { [_1, _1 * _1] }
p l.take_while { _1 > 2 }
p l.lazy.map { _1 * 2 }.first(2)
p l.sort.chunk_while { |a, b| b == a + 1 }.to_a
p l.any? { _1 > 7 }, l.all?(Integer), l.none?(String), l.one?(8)
p l.entries
