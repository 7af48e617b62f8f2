# ObjectSpace.each_object(Class/Module/a class) with and without a block, GC.stress/stress=.
class Marker1; end
module Marker2; end
Anon = Class.new(Marker1)
cs = ObjectSpace.each_object(Class).to_a
p cs.include?(Marker1), cs.include?(Anon), cs.include?(Marker2), cs.any?(&:singleton_class?)
ms = []
n = ObjectSpace.each_object(Module) { |m| ms << m }
p n == ms.size, ms.include?(Marker2), ms.include?(Marker1)
p ObjectSpace.each_object(Marker1.singleton_class).to_a.sort_by(&:to_s)
p ObjectSpace.each_object(Class).class
x = Marker1.new
p ObjectSpace.each_object(Marker1).to_a.size
p((GC.stress = true), GC.stress, (GC.stress = false), GC.stress)
