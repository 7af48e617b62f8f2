# Array natives that call their block once per element run all the calls in one block frame
# (Vm::yield_each): sum, count, index, rindex, rfind, map!, select!, reject!, keep_if,
# delete_if, reverse_each, take_while, drop_while, cycle, each_slice and each_cons (uniq,
# sort_by!, fill and Array.new are in uniq_fill_new_yield_each_spec.rb; the oracle crashes at
# exit on one file holding all of them). Each keeps CRuby's behaviour when the block changes
# the array, breaks, uses next or raises, and with lambda, method and symbol blocks.
def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message} @ #{e.backtrace.first(3).map { _1.sub(/^[^:]*:/, "") }.join(" | ")}"
end

# sum: Integers exactly, Floats compensated, anything else with +
a = [1, 2, 3, 4]
show { a.sum { |x| x * 2 } }
show { a.sum(0.0) { |x| x } }
show { a.sum { |x| x == 3 ? 1.5 : x } }
show { a.sum("") { |x| x.to_s } }
show { [1, 2**70, 3].sum { |x| x } }
show { [0.1, 0.2, 0.3].sum { _1 } }
show { [3.0, 1e100, -1e100].sum { _1 } }
show { [1, 2].sum(10) { _1 } }
show { [1, 2].sum(0.5) { _1 } }
show { [1, 2].sum(&:to_f) }
show { [1, 2, 3].sum { |x| break 42 if x == 2; x } }
show { [1, 2, 3].sum { |x| next 10 if x == 2; x } }
show { [1, "a"].sum { _1 } }
show { [1.5, "a"].sum { _1 } }
show { [1, 2, 3].sum { |x| raise "sum #{x}" if x == 3; x } }
show { [2**62, 2**62].sum { _1 } }
b = [1, 2, 3]
show { b.sum { |x| b << 10 if b.size < 5; x } }
show { [1, 2].sum(&->(x) { x * 3 }) }
show { [[1, 2], [3, 4]].sum { |x, y| x * y } }
show { [1, 2].sum { |x| [3, 4].sum { |y| x * y } } }

# count, index, rindex, rfind
show { [1, 2, 3].count(&:odd?) }
show { [1, 2, 3].count { |x| break :c if x == 2 } }
c = [1, 2, 3, 4]
show { c.count { |x| c.pop if x == 1; true } }
show { [5, 6, 7].index { _1 == 6 } }
show { [5, 6, 7].find_index { _1 > 9 } }
show { [5, 6, 6].rindex { _1 == 6 } }
d = [1, 2, 3, 4, 5]
show { d.rindex { |x| d.clear if x == 4; false } }
show { [1, 2, 3].rfind { _1 < 3 } }
show { [1, 2, 3].rfind(-> { :none }) { _1 > 5 } }
show { [1, 2].index(&method(:Integer)) }

# map! stores each value as it comes back
e = [1, 2, 3]
show { e.map! { |x| e.pop if x == 1; x * 10 } }
show { [1, 2, 3].map! { |x| break x if x == 2; 0 } }
f = [1, 2, 3]
show { f.map! { |x| raise "m" if x == 3; x * 2 } }
show { f }
show { g = [1, 2]; g.map! { g.freeze; 1 } }
show { [1, 2].freeze.map! { 1 } }
show { [1, 2].map!(&:to_s) }

# select!/reject!/keep_if/delete_if compact in place, also after a break or an exception
show { [1, 2, 3, 4].select! { _1.even? } }
show { [1, 2, 3].select! { true } }
show { [1, 2, 3].reject! { false } }
show { [1, 2, 3].delete_if { _1 == 2 } }
show { [1, 2, 3].keep_if { _1 > 1 } }
h = [1, 2, 3, 4]
show { h.select! { |x| raise "boom" if x == 3; x.odd? } }
show { h }
h = [1, 2, 3, 4]
show { h.reject! { |x| break :out if x == 3; x.odd? } }
show { h }
show { i = [1, 2]; i.select! { i.freeze; false } }
show { i = [1, 2, 3]; i.delete_if { |x| i.freeze if x == 2; x == 1 } }
j = [1, 2, 3, 4]
show { j.delete_if { |x| j << 5 if x == 1; x.even? } }
show { [1, 2, 3].delete_if(&->(x) { x == 3 }) }

# reverse_each clamps to the length after each call
r = []
k = [1, 2, 3, 4]
show { k.reverse_each { |x| r << x; k.clear if x == 3 } }
show { r }
show { [1, 2, 3].reverse_each { break _1 } }
show { [1, 2].reverse_each { raise "rev" } }

# take_while, drop_while, cycle
show { [1, 2, 3].take_while { _1 < 3 } }
show { [1, 2, 3].drop_while { _1 < 2 } }
show { [1, 2, 3].take_while { break :t } }
r = []
[1, 2].cycle(2) { r << _1 }
show { r }
r = []
l = [1, 2]
show { l.cycle { |x| r << x; l.pop if r.size > 3; break r.size if r.size > 8 } }
show { r }
show { [1, 2, 3].cycle { break :x } }
show { [].cycle { :never } }
show { [1].cycle(0) { :never } }

# each_slice and each_cons: the last slice is the last call, whatever the block adds
r = []
show { [1, 2, 3, 4, 5].each_slice(2) { r << _1 } }
show { r }
r = []
m = [1, 2, 3]
show { m.each_slice(2) { |x| r << x; m << 9 if m.size < 6 } }
show { r }
r = []
m = [1, 2, 3]
show { m.each_slice(3) { |x| r << x; m << 9 if m.size < 5 } }
show { r }
r = []
show { [1, 2, 3, 4, 5].each_slice(2) { |x, y| r << [y, x] } }
show { r }
show { [1, 2, 3].each_slice(2) { break _1 } }
r = []
show { [1, 2, 3, 4].each_cons(2) { r << _1 } }
show { r }
r = []
m = [1, 2, 3]
show { m.each_cons(2) { |x| r << x; m << 9 if m.size < 5 } }
show { r }
show { [1, 2, 3].each_cons(5) { :never } }
show { [1, 2].each_slice(0) { } rescue $!.message }
