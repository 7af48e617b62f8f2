# A few objects with large bodies make a collection due (CRuby's malloc_limit): 2,000 arrays of
# 6,000 elements are 96 MB of bodies in only 2,000 slots.
before = GC.count
2_000.times { Array.new(6000, 1) }
p GC.count > before
p GC.stat(:malloc_increase_bytes_limit) >= 16 * 1024 * 1024

# GC.disable holds for the malloc trigger too
GC.start
GC.disable
before = GC.count
2_000.times { Array.new(6000, 1) }
p GC.count == before
GC.enable
