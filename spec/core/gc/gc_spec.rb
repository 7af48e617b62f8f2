# GC.start / GC.count / GC.stat return shapes
p GC.start
p GC.count.class
p GC.count >= 0
s = GC.stat
p s.class
p s.key?(:count)
p GC.stat(:count).class
p GC.stat(:total_allocated_objects).class
p GC.stat[:total_allocated_objects].class
c1 = GC.count
GC.start
p GC.count > c1
p GC.enable.class == FalseClass || GC.enable == true || GC.enable == false
