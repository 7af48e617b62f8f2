# Array#uniq, uniq!, sort_by!, fill and Array.new with a block run all the calls in one block
# frame (Vm::yield_each); closures made in each call keep that call's values.
def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message} @ #{e.backtrace.first(3).map { _1.sub(/^[^:]*:/, "") }.join(" | ")}"
end

n = [1, 2, 3, 4]
show { n.uniq { |x| n.pop; x } }
show { n }
n = [1, 2, 3, 4]
show { n.uniq { |x| n << x if n.size < 6; x } }
show { [1, 1, 2, 2].uniq! { |x| x } }
show { [1, 2, 3].uniq!(&:odd?) }
show { [1, 2, 3].uniq { break 5 } }
show { [3, 1, 2].sort_by! { -_1 } }
o = [4, 5, 6]
show { o.sort_by! { |x| o.clear if x == 5; x } }
show { q = [1, 2]; q.sort_by! { q.freeze; 1 } }
q = [1, 2, 3]
show { q.fill { |i| q.pop if i == 0; i * 10 } }
show { [1, 2, 3].fill(1) { |i| i * 10 } }
show { [1, 2].fill { break :b } }
show { [1, 2].fill(-1, 3) { _1 } }
show { Array.new(3) { _1 * 2 } }
show { Array.new(3) { break 7 } }
show { Array.new(3, &:to_s) }
show { Array.new(2) { |i| Array.new(2) { |j| [i, j] } } }
show { Array.new(3) { |i| next i if i > 0; :z } }

# closures made in each call keep that call's values
procs = []
[1, 2, 3].map! { |x| procs << proc { x * 10 }; x }
show { procs.map(&:call) }
procs = []
[1, 2, 3].each_slice(1) { |(x)| y = x * 2; procs << -> { [x, y] } }
show { procs.map(&:call) }
