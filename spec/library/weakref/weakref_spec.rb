# WeakRef: delegation while the object lives, weakref_alive?, nil/true/false, and RefError once the
# collector has freed the object (most of 500 references made in a method and dropped).
require "weakref"
s = "held"
r = WeakRef.new(s)
p r.upcase, r.weakref_alive?, r.__getobj__.equal?(s), r.class, r.is_a?(WeakRef), r.size
p WeakRef.new(nil).weakref_alive?, WeakRef.new(1) + 1
def make_refs = Array.new(500) { WeakRef.new("x" * 30) }
refs = make_refs
GC.start
dead = refs.count { |x| !x.weakref_alive? }
p dead > 250
gone = refs.find { |x| !x.weakref_alive? }
begin
  gone.upcase
rescue WeakRef::RefError => e
  p e.class, e.message
end
w = ObjectSpace::WeakMap.new
def fill(w) = 500.times { |i| w["k#{i}"] = "v#{i}" }
fill(w)
