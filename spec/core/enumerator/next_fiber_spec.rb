# External iteration runs `each` in a fiber: its side effects happen between the `next` calls,
# once each; feed, rewind, exceptions, next_values/peek_values, several enumerators at once
e = Enumerator.new { |y| puts "gen 1"; y << 1; puts "gen 2"; y << 2; puts "gen end"; :ret }
p e.next
p e.peek
p e.next
begin; e.next; rescue StopIteration => x; p x.message, x.result; end
begin; e.next; rescue StopIteration => x; p x.result; end
e.rewind
p e.next
z = Enumerator.new { |y| r = y.yield 1; p [:fed, r]; r2 = y.yield 2; p [:fed2, r2]; y << 3 }
p z.next
z.feed :hello
begin; z.feed :again; rescue TypeError => ex; p ex.message; end
p z.next, z.next
e2 = Enumerator.new { |y| y << 1; raise "gen fail" }
p e2.next
begin; e2.next; rescue => ex; p ex.message; end
p e2.next
p((loop { p e2.next } rescue $!.message))
a = [1, 2, 3].each
b = %w[a b c].each
r = []
loop { r << [a.next, b.next] }
p r
p loop { a.next }
lz = (1..Float::INFINITY).lazy.map { _1 * 2 }.select { _1 % 3 == 0 }
p lz.next, lz.next, lz.first(3)
fib = Enumerator.new { |y| a1, b1 = 0, 1; loop { y << a1; a1, b1 = b1, a1 + b1 } }
p fib.take(10), fib.next, fib.next, fib.next, fib.peek
fib.rewind
p fib.next
def gen
  return to_enum(:gen) unless block_given?
  yield 1, 2
  yield
  yield [3, 4]
  :gen_ret
end
g2 = gen
p g2.next_values, g2.peek_values, g2.next_values, g2.next_values
begin; g2.peek_values; rescue StopIteration => ex; p ex.result; end
g3 = gen
p g3.next, g3.next, g3.next
p [1, 2, 3].each_with_index.next, [1, 2, 3].each_slice(2).next, {a: 1}.each.next
p [1, 2, 3].zip([4, 5, 6].each, (7..9).each)
io_like = Object.new
def io_like.each
  3.times { |i| puts "reading #{i}"; yield "line #{i}" }
end
lines = io_like.to_enum
p lines.next
p lines.next
ids = 200.times.map { |i| [i, i * 2].each.tap(&:next) }
p ids.sum(&:next)
