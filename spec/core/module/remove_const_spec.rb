# Top-level define_method (public, on Object), public/private with names, Module#remove_const
# (private; errors), const_source_location (class bodies and assignments; [] for built-ins),
# Proc/lambda/Method#source_location.
define_method(:tl) { |a = 1| [:tl, a] }
p tl, tl(2), Object.public_method_defined?(:tl), Object.private_method_defined?(:tl)
p 1.tl rescue p $!
r = define_method(:tl2, proc { :tl2 })
p r, tl2
begin; define_method(:x); rescue => e; p e; end
def a1 = 1
def a2 = 2
p public(:a1), Object.public_method_defined?(:a1), 5.a1
p private(:a1, :a2), Object.private_method_defined?(:a1)
p public, private
def a3 = 3
p Object.private_method_defined?(:a3)
class RC; X = 1; Y = 2; end
p RC.send(:remove_const, :X), RC.const_defined?(:X), RC.constants
begin; RC.send(:remove_const, :Z); rescue NameError => e; p e.message, e.name; end
begin; RC.remove_const(:Y); rescue NoMethodError => e; p e.message; end
begin; RC.send(:remove_const, :lower); rescue NameError => e; p e.message; end
Object.send(:remove_const, :RC)
p defined?(RC)
class SL; Z = 1; end
p Object.const_source_location(:SL), SL.const_source_location(:Z), Object.const_source_location(:String), Object.const_source_location(:NOPE)
p SL.const_source_location("Z")
pr = proc { }
p pr.source_location, lambda { }.source_location, method(:a2).source_location, 1.method(:+).source_location
