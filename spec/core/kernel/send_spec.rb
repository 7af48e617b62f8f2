# send / __send__ / public_send
class Calc
  def add(a, b) = a + b
  def kw(a, scale: 1) = a * scale
  def blk = yield(3)
  private def hidden(x) = "hidden #{x}"
end
c = Calc.new
p c.send(:add, 1, 2)
p c.send("add", 3, 4)
p c.__send__(:add, 5, 6)
p c.public_send(:add, 7, 8)
p c.send(:kw, 2, scale: 5)
p c.send(:blk) { |x| x * 10 }
p c.send(:hidden, 1)
begin
  c.public_send(:hidden, 1)
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
begin
  c.send(:missing)
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
begin
  c.send(:add, 1)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p 1.send(:+, 2)
p [3, 1].send(:sort)
p nil.send(:to_a)
p c.send(:class)
op = :*
p 6.public_send(op, 7)
p [1, 2, 3].map { |x| x.send(:-, 1) }
