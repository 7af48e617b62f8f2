# User classes overriding to_s / inspect / == / eql? / hash / <=> / each / to_proc / coerce
class Money
  include Comparable
  attr_reader :cents
  def initialize(c) = @cents = c
  def to_s = format("$%d.%02d", cents / 100, cents % 100)
  def inspect = "#<Money #{self}>"
  def <=>(o) = o.is_a?(Money) ? cents <=> o.cents : nil
  def eql?(o) = o.is_a?(Money) && cents == o.cents
  def hash = cents.hash
end
m = Money.new(1234)
puts m
p m
puts "interpolated: #{m}"
p [m, Money.new(5)]
p({ m => 1 })
p m == Money.new(1234)
p m.equal?(Money.new(1234))
p m != Money.new(1)
p [Money.new(3), Money.new(1), Money.new(2)].sort
p [Money.new(3), Money.new(1)].max
p [Money.new(1), Money.new(1)].uniq
h = { Money.new(1) => :a }
p h[Money.new(1)]
p m == 5
begin
  m < 5
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
class Bag
  include Enumerable
  def initialize(*items) = @items = items
  def each
    return to_enum(:each) unless block_given?
    @items.each { |i| yield i }
    self
  end
end
bag = Bag.new(3, 1, 2)
p bag.sort
p bag.map { _1 * 2 }
p bag.include?(2)
p bag.each.next
p bag.to_a
class NoToS
end
s = NoToS.new.to_s
p s.length > 10
class OnlyToS
  def to_s = "custom to_s"
end
puts OnlyToS.new
p "#{OnlyToS.new}"
class BadToS
  def to_s = 42
end
p "#{BadToS.new}".length > 10
class Wrapper
  def initialize(v) = @v = v
  def to_str = @v
  def to_ary = [@v, @v]
end
p "prefix-" + Wrapper.new("str")
a, b = Wrapper.new(1)
p [a, b]
p [[1, 2]].flatten.size
