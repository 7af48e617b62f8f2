# Sizes differ between interpreters and word sizes; these are the relations that hold.
p require("objspace")
ms = ->(o) { ObjectSpace.memsize_of(o) }
p [1, nil, true, false, :sym, 2**20].map(&ms)
p [Object.new, "", [], {}, 2**100, "x" * 1000, [1] * 100].map { |o| ms.(o).is_a?(Integer) && ms.(o) > 0 }
p ms.("a" * 1000) > ms.("a" * 10), ms.("a" * 100_000) >= 100_000
p ms.([0] * 1000) > ms.([]), ms.([0] * 1000) >= 1000 * 4
big = {}
1000.times { |i| big[i] = i }
p ms.(big) > ms.({})
s = "q" * 5000
p ms.(s) == ms.(s), ms.(s.dup.freeze) > 0
p ObjectSpace.memsize_of_all.is_a?(Integer), ObjectSpace.memsize_of_all > 0
strings = ObjectSpace.memsize_of_all(String)
p strings > 0, strings < ObjectSpace.memsize_of_all
keep = Array.new(100) { "z" * 2000 }
p ObjectSpace.memsize_of_all(String) >= strings + 100 * 2000
class Sized; end
objs = Array.new(50) { Sized.new }
p ObjectSpace.memsize_of_all(Sized) == objs.sum { |o| ms.(o) }
p ObjectSpace.memsize_of_all(Comparable) > 0
begin
  ObjectSpace.memsize_of_all(1)
rescue TypeError => e
  p e.message
end
h = ObjectSpace.count_objects_size
p h.class, h.keys.last, h.keys.include?(:T_STRING), h.keys.include?(:T_ARRAY)
p h.keys.all? { |k| k.is_a?(Symbol) && (k == :TOTAL || k.to_s.start_with?("T_")) }
p h.values.all? { |v| v.is_a?(Integer) && v > 0 }
p h[:TOTAL] == h.reject { |k, _| k == :TOTAL }.values.sum
p h[:T_STRING] >= 100 * 2000
given = {}
r = ObjectSpace.count_objects_size(given)
p r.equal?(given), given.key?(:TOTAL)
begin
  ObjectSpace.count_objects_size(1)
rescue TypeError => e
  p e.message
end
p keep.size, objs.size
