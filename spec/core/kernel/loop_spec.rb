# Kernel#loop: break value, StopIteration result, enumerator without a block
i = 0
r = loop do
  i += 1
  break i * 2 if i == 3
end
p r
e = [1, 2, 3].each
acc = []
r = loop do
  acc << e.next
end
p acc
p r
r = loop do
  raise StopIteration, "done early"
end
p r
en = loop
p en.class
p loop { break }
class CustomStop
  def each_item
    loop do
      raise StopIteration
    end
    :after
  end
end
p CustomStop.new.each_item
n = 0
loop do
  n += 1
  next if n < 5
  break
end
p n
