# tap / then / yield_self / itself / object identity helpers
r = [1, 2].tap { |a| a << 3 }
p r
p 5.tap { |x| x * 100 }
p 5.then { |x| x * 100 }
p 5.yield_self { _1 + 1 }
p 5.itself
p [1, 2, 2, 3].group_by(&:itself)
e = 5.then
p e.class
p [1, 2].tap { |a| puts "tapped #{a.inspect}" }.map { _1 * 2 }
log = []
v = 10.tap { log << :tapped }.then { _1 + 1 }.tap { log << _1 }
p v, log
p nil.then { |x| x.nil? }
