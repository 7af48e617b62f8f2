# Proc#call, (), .(), [], yield, ===, to_proc
pr = proc { |a, b| "#{a}-#{b}" }
p pr.call(1, 2)
p pr.(1, 2)
p pr[1, 2]
p pr.yield(1, 2)
p pr === 1
l = ->(x) { x * 2 }
p l.call(3), l.(3), l[3], l.yield(3)
p l.to_proc.equal?(l)
is_even = ->(n) { n.even? }
p (case 4 when is_even then "even" else "odd" end)
p Proc.new { 1 }.call
def takes_block(&b) = b
b = takes_block { |x| x + 1 }
p b.call(1)
p b.lambda?
p proc { |x| x }.call(1, 2, 3)
p proc { |*x| x }.call(1, 2)
p proc { |x, *y| [x, y] }.call([1, 2, 3])
p lambda { |*x| x }.call([1, 2])
