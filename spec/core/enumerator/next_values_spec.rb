# Enumerator#next_values and peek_values: the values of each yield as an Array (none, one, several,
# nil, an Array), alongside next and peek, after rewind, at the end, and a fresh Array each time.
o = Object.new
def o.each
  yield
  yield 1
  yield 1, 2
  yield nil
  yield [1, 2]
  yield [1], 2
  :done
end
e = o.to_enum
r = []
6.times { r << e.peek_values; r << e.next_values }
p r
begin
  e.next_values
rescue StopIteration => x
  p x.result
end
e.rewind
p e.next, e.next, e.next, e.next, e.next, e.next
e.rewind
p e.next_values, e.peek, e.next_values
a = [1, 2].each
p a.next_values, a.next_values
begin; a.next_values; rescue StopIteration; p $!.class; end
e2 = [[1, 2]].each
x = e2.next_values
x << 3
p x, [[1, 2]].each.next_values
