# Module#define_method with blocks, procs, methods; return value
class Dyn
  r = define_method(:one) { 1 }
  p r
  define_method(:args) { |a, b = 2, *c, d:, **e, &f| [a, b, c, d, e] }
  define_method(:with_self) { self.class }
  l = ->(x) { x * 2 }
  define_method(:from_lambda, l)
  define_method(:from_method, instance_method(:one))
  [:red, :green].each_with_index do |c, i|
    define_method("#{c}?") { i }
  end
end
d = Dyn.new
p d.one
p d.args(1, d: 4)
p d.args(1, 2, 3, d: 4, z: 5)
p d.with_self
p d.from_lambda(21)
p d.from_method
p d.red?, d.green?
begin
  d.from_lambda
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p Dyn.instance_method(:args).arity
p Dyn.instance_method(:from_lambda).arity
p Dyn.new.method(:one).owner
Dyn.define_method(:public_now) { :yes }
p d.public_now
counter = 0
Dyn.define_method(:bump) { counter += 1 }
d.bump
d.bump
p counter
