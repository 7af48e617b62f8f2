# The substring size curve (issue 3): N (200,000 by default) tails of SIZE bytes taken with
# byteslice from a 2 KB string, for SIZE in 1, 23, 100, 250, 500 and 1,000 (or only ENV["SIZE"]).
# The source is mutable, or frozen with FROZEN=1. Which tails are copied and which shared depends
# on RUBRA_SUBSEQ_EMBED_MAX under rubra (object-model.md §3) for a mutable source; a frozen source
# is its own root. Prints the bytes taken; with REPORT=1 also, per size, the objects allocated
# per slice (GC.stat) and, under rubra, the roots created (RubyVM.stat).
env = Object.const_defined?(:ENV) ? ENV : {}
src = "x" * 2048
src.freeze if env["FROZEN"] == "1"
sizes = [1, 23, 100, 250, 500, 1000]
sizes = [env["SIZE"].to_i] if env["SIZE"]
n = (env["N"] || 200_000).to_i
report = env["REPORT"] == "1" && GC.respond_to?(:stat)
roots = report && Object.const_defined?(:RubyVM) && RubyVM.respond_to?(:stat) && RubyVM.stat.key?(:root_by_copy)
total = 0
sizes.each do |size|
  start = 2048 - size
  objects = report ? GC.stat(:total_allocated_objects) : 0
  made = roots ? RubyVM.stat(:root_by_copy) + RubyVM.stat(:root_by_takeover) : 0
  i = 0
  while i < n
    total += src.byteslice(start, size).bytesize
    i += 1
  end
  next unless report
  line = "size #{size}: #{(GC.stat(:total_allocated_objects) - objects).fdiv(n).round(3)} objects per slice"
  line += ", #{RubyVM.stat(:root_by_copy) + RubyVM.stat(:root_by_takeover) - made} roots" if roots
  puts line
end
puts total
