# Proc#parameters, lambda?, curry
p ->(a, b = 1, *c, d, e:, f: 2, **g, &h) {}.parameters
p proc { |a, b = 1, *c, d, e:, f: 2, **g, &h| }.parameters
p proc { |a| }.parameters(lambda: true)
p ->(*) {}.parameters
p ->(**) {}.parameters
p ->(&) {}.parameters
p ->(**nil) {}.parameters
p proc { |(a, b), c| }.parameters
p proc { _1 + _2 }.parameters
p proc { it }.parameters
p lambda {}.lambda?, proc {}.lambda?, Proc.new {}.lambda?
add3 = ->(a, b, c) { a + b + c }
c = add3.curry
p c[1][2][3]
p c.(1, 2).(3)
p c.(1).(2, 3)
p c.arity
p c.curry.lambda?
pr = proc { |a, b, c| [a, b, c] }
p pr.curry[1][2][3]
p pr.curry(2)[1][2]
var = ->(*a) { a.sum }
p var.curry(3)[1][2][3]
begin
  add3.curry(2)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
