# Array#each/map/select/reject/each_index, Range#each, Integer#upto/downto and Kernel#loop call
# their block through Vm::yield_each: the array may change under the block, values and
# closures stay per call.
a = [1, 2, 3, 4]
r = []
a.each { |x| r << x; a << 9 if x == 2 && a.size < 6 }
p r, a
b = [1, 2, 3]
b.each { |x| b.shift if x == 1 }
p b
p [1, 2, 3].map { |x| x * 2 }
p [1, 2, 3].map { |x| next x * 3 if x > 1; x }
p [1, 2, 3].map { |x| break :brk if x == 2; x }
m = [1, 2, 3]
p m.map { |x| m.pop if x == 1; x }
p [[1, 2], [3, 4]].map { |a, b| a + b }
p [[1, 2], [3, 4]].each { |a, (b)| p [a, b] }
p [1, 2, 3, 4].select(&:even?), [1, 2, 3, 4].reject { |x| x > 2 }
s = [1, 2, 3, 4]
p s.select { |x| s.delete_at(0) if x == 1; true }
p [1, 2, 3].each_index.to_a, [5, 6].each_index { |i| p i }
p (1..4).each { |i| p i }, (1...4).map { |i| i }, (3..1).each { p :never }
p (1..Float::INFINITY).each { |i| break i if i > 3 }
p (2**62 - 2..2**62).each { |i| p i }
p 1.upto(3) { |i| p i }, 3.downto(1) { |i| p i }, 1.upto(0) { p :no }
p 4611686018427387902.upto(4611686018427387904).to_a
n = 0
p(loop { n += 1; break n * 2 if n > 3 })
e = [1, 2, 3].each
p(loop { p e.next })
p loop { raise StopIteration, "x" } rescue p $!
p [1, 2, 3].each_slice(2).map { |x| x }
h = []
[1, 2].each { |x| [3, 4].each { |y| h << -> { [x, y] } } }
p h.map(&:call)
def yielder
  [1, 2].each { |x| yield x, x * 2 }
end
yielder { |a, b| p [a, b] }
p [1, 2, 3].each_with_index.map { |x, i| x * i }
# exception backtrace through each
def bt
  [1].each { |x| raise "in each" }
rescue => e
  e.backtrace_locations.map(&:label).first(4)
end
p bt
p [1, 2, 3].each(&->(x) { p x })
p [1, 2, 3].map(&:to_s)
def retry_in_each
  tries = 0
  [1, 2].each do |x|
    begin
      tries += 1
      raise "again" if tries < 3
    rescue
      retry
    end
  end
  tries
end
p retry_in_each
p [3, 1, 2].each.with_index(1).map { |x, i| x * i }
class Foo; def each; yield 1; yield 2; end; include Enumerable; end
p Foo.new.map { |x| x + 1 }
s = [1, 2, 3, 4]
p s.select { |x| s.delete_at(0) if x == 1; true }
s = [1, 2, 3, 4]
p s.reject { |x| s.delete_at(0) if x == 1; false }
s = [1, 2, 3, 4]
p s.filter { |x| s.clear if x == 2; true }
