# Array#product, combination, permutation, repeated_permutation and to_h with a block run all
# the calls in one block frame (Vm::yield_each).
def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message} @ #{e.backtrace.first(3).map { _1.sub(/^[^:]*:/, "") }.join(" | ")}"
end

r = []
show { [1, 2].product([3, 4], [5]) { |a, b, c| r << a + b + c } }
show { r }
show { [1, 2].product([]) { :never } }
show { [1, 2].product([3]) { break _1 } }
x = [1, 2]
r = []
show { x.product([3]) { |t| r << t; x << 9 if x.size < 4 } }
show { r }
r = []
show { [1, 2, 3].combination(2) { r << _1 } }
show { r }
r = []
show { [1, 2, 3].permutation(2) { r << _1 } }
show { r }
r = []
show { [1, 2].repeated_permutation(2) { r << _1 } }
show { r }
show { [1, 2, 3].combination(2) { break _1 } }
show { [1, 2].to_h { [_1, _1 * 2] } }
show { [1, 2].to_h { 1 } }
show { [1, 2].to_h { break 3 } }
y = [1, 2]
show { y.to_h { |e| y << 3 if y.size < 3; [e, e] } }
