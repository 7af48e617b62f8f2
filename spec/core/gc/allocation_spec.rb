# GC.stat(:total_allocated_objects) deltas for simple statements, measured loop-free.
# `base` is what a GC.stat(:total_allocated_objects) call itself costs (1 on the oracle's build);
# each delta is printed with it subtracted, and base itself is not printed.
a = 1
b = 2
t0 = GC.stat(:total_allocated_objects)
t1 = GC.stat(:total_allocated_objects)
base = t1 - t0
t0 = GC.stat(:total_allocated_objects)
c = a + b
t1 = GC.stat(:total_allocated_objects)
p [:integer_addition, t1 - t0 - base]
t0 = GC.stat(:total_allocated_objects)
x = "0123456789"
t1 = GC.stat(:total_allocated_objects)
p [:short_string_literal, t1 - t0 - base]
t0 = GC.stat(:total_allocated_objects)
y = "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"
t1 = GC.stat(:total_allocated_objects)
p [:long_string_literal, t1 - t0 - base]
t0 = GC.stat(:total_allocated_objects)
z = [1, 2, 3]
t1 = GC.stat(:total_allocated_objects)
p [:array_literal, t1 - t0 - base]
t0 = GC.stat(:total_allocated_objects)
h = { a: 1 }
t1 = GC.stat(:total_allocated_objects)
p [:hash_literal, t1 - t0 - base]
t0 = GC.stat(:total_allocated_objects)
s = :sym
t1 = GC.stat(:total_allocated_objects)
p [:symbol_literal, t1 - t0 - base]
t0 = GC.stat(:total_allocated_objects)
n = nil
t1 = GC.stat(:total_allocated_objects)
p [:nil_assignment, t1 - t0 - base]
p [c, x.length, y.length, z.size, h.size, s, n]
