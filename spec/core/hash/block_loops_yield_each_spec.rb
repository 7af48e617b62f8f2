# Hash natives that call their block once per pair run all the calls in one block frame
# (Vm::yield_each): delete_if, reject!, select!, keep_if, transform_values(!), to_h, sum,
# cycle, reverse_each, take_while, each_slice, each_cons and uniq.
def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end

h = {a: 1, b: 2, c: 3}
show { h.delete_if { |k, v| v == 2 } }
h = {a: 1, b: 2, c: 3}
show { [h.reject! { |k, v| false }, h.select! { true }, h.keep_if { |k, v| v > 1 }, h] }
show { {a: 1, b: 2}.delete_if { |kv| kv == :a } }
h = {a: 1, b: 2}
show { h.delete_if { |k, v| h[:z] = 1 } }
show { h }
h = {a: 1, b: 2}
show { h.select! { |k, v| h.freeze; false } }
show { h }
h = {a: 1, b: 2, c: 3}
show { h.delete_if { |k, v| raise "x" if v == 3; v == 1 } }
show { h }
h = {a: 1, b: 2, c: 3}
show { h.delete_if { |k, v| break v if v == 2; true } }
show { h }
h = {a: 1, b: 2, c: 3}
show { h.delete_if { |k, v| h.delete(:c) if v == 1; false } }
show { {a: 1, b: 2}.delete_if(&->(k, v) { v == 1 }) }
show { {a: 1, b: 2}.reject!(&->(k, v) { false }) }

show { {a: 1}.transform_values { _1 * 2 } }
show { {a: 1, b: 2}.transform_values(&:to_s) }
h = {a: 1, b: 2}
show { h.transform_values! { |v| h.delete(:b); v + 1 } }
h = {a: 1, b: 2}
show { h.transform_values! { |v| h.freeze; v } }
show { h }
show { {a: 1, b: 2}.transform_values { break 3 } }
show { {a: 1, b: 2}.to_h { |k, v| [v, k] } }
show { {a: 1, b: 2}.to_h { break 5 } }
show { {a: 1}.to_h { 1 } }

show { {a: 1, b: 2}.sum([]) { |k, v| [k] } }
show { {a: 1, b: 2}.sum { |k, v| v } }
show { {a: 1.5, b: 1}.sum { _2 } }
show { {a: 1, b: 2}.sum { |k, v| break k } }
show { {a: 1}.sum { |k, v| raise "s" } }
h = {a: 1, b: 2}
r = []
h.cycle(2) { r << _1 }
show { r }
show { h.cycle { break 3 } }
r = []
h.reverse_each { |k, v| r << k }
show { [r, h.take_while { |k, v| v < 2 }, h.drop_while { |k, v| v < 2 }] }
r = []
{a: 1, b: 2, c: 3}.each_slice(2) { r << _1 }
show { r }
r = []
{a: 1, b: 2, c: 3}.each_cons(2) { |x, y| r << [x, y] }
show { r }
h = {a: 1}
show { h.each_slice(1) { h[:z] = 1 } }
h = {a: 1, b: 2, c: 1}
show { [h.uniq { |k, v| v }, h.uniq { |kv| kv[1] }] }
show { [{a: 1, b: 2}.any? { |k, v| v > 1 }, {a: 1, b: 2}.any? { |kv| kv[1] > 5 }] }
show { [{a: 1, b: 2}.any?([:a, 1]), {a: 1}.any? { break :z }, {}.any? { true }] }
show { [{a: 1, b: 2}.inject { |m, kv| m + kv }, {a: 1, b: 2}.inject(0) { |m, (k, v)| m + v }] }
show { [{}.inject { 1 }, {}.inject(5) { 1 }, {a: 1}.inject { 1 }, {a: 1, b: 2}.inject(:+)] }
show { {a: 1, b: 2}.inject(0) { |m, (k, v)| break :b if v == 2; m } }
h = {a: 1}
show { h.inject(0) { |m, (k, v)| h[:z] = 1; m } }
