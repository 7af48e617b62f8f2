# Enumerable-style natives of Array and Hash (each_with_object, flat_map, filter_map, map, find,
# find_all, group_by, partition, min_by, max_by, sort_by) through each_yield: one block frame.
a = [3, 1, 4, 1, 5, 9, 2, 6]
h = { a: 1, b: 2, c: 3 }
p a.each_entry { |x| }, a.each_with_object([]) { |x, m| m << x * 2 }
p h.each_with_object({}) { |(k, v), m| m[v] = k }
p a.flat_map { |x| [x, -x] }, h.flat_map { |k, v| [k] * v }
p a.filter_map { |x| x * 2 if x.odd? }, h.filter_map { |k, v| k if v > 1 }
p h.map { |k, v| "#{k}=#{v}" }, h.map { |kv| kv }
p a.find { |x| x > 3 }, h.find { |k, v| v == 2 }, a.find { |x| x > 100 }, a.detect(-> { :none }) { false }
p a.find_all(&:even?), h.find_all { |k, v| v.odd? }, h.filter { |k, v| v > 1 }
p a.group_by(&:odd?), h.group_by { |k, v| v.odd? }
p a.partition { |x| x > 3 }, h.partition { |k, v| v == 1 }
p a.min_by { |x| -x }, a.max_by { |x| x % 5 }, h.min_by { |k, v| -v }, a.min_by(2) { |x| x }, h.max_by(2) { |k, v| v }
p a.sort_by { |x| -x }, h.sort_by { |k, v| -v }
p a.each_with_object([]) { |x, m| break m if x == 5; m << x }
p(a.map { |x| next 0 if x == 1; x })
p h.map { |k, v| break :stop if v == 2; k }
c = [1, 2, 3]
p c.flat_map { |x| c << 4 if x == 1 && c.size < 4; [x] }
d = { a: 1, b: 2, c: 3 }
p d.map { |k, v| d.delete(:b) if k == :a; k }
begin
  d.map { |k, v| d[:new] = 1 }
rescue => e
  p e.class
end
p h.each_with_object([]).to_a rescue p $!
p [[1, 2], [3, 4]].each_with_object([]) { |(x, y), m| m << x + y }
p (1..5).each_with_object([]) { |x, m| m << x }
p({ a: 1 }.find_all { |pair| p pair; true })
procs = a.map { |x| -> { x } }
p procs.map(&:call)
def first_big(e) = e.find { |x| return :ret if x > 4 }
p first_big(a)
