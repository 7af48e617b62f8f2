# freeze / frozen? / dup / clone
a = [1, [2]]
p a.frozen?
a.freeze
p a.frozen?
p a.dup.frozen?
p a.clone.frozen?
p a.clone(freeze: false).frozen?
b = a.dup
b << 3
p b
p a
p b[1].equal?(a[1])
p 1.frozen?
p :s.frozen?
p nil.frozen?
p 1.5.frozen?
p (1..2).frozen?
p "lit".dup.frozen?
h = { k: "v" }.freeze
begin
  h[:x] = 1
rescue => e
  puts "#{e.class}: #{e.message}"
end
p h.merge(x: 1)
class Pt
  attr_accessor :x
  def initialize(x) = @x = x
  def initialize_copy(src)
    super
    @x = src.x * 10
  end
end
pt = Pt.new(1)
p pt.dup.x
o = Object.new
def o.single = :single
p o.clone.respond_to?(:single)
p o.dup.respond_to?(:single)
fo = Pt.new(2).freeze
begin
  fo.x = 5
rescue FrozenError => e
  puts "FrozenError: #{e.message.length > 0}"
  p e.receiver.x
end
s = "str".freeze
p s.frozen?
p s.dup.frozen?
p (+s).equal?(s)
p 5.dup
p nil.dup
p :sym.clone
d = [1, 2].freeze
begin
  d.push(3)
rescue FrozenError => e
  puts "FrozenError: #{e.message}"
end
begin
  d.sort!
rescue FrozenError => e
  puts "FrozenError: #{e.message}"
end
p d.sort
p d.map { _1 + 1 }.frozen?
