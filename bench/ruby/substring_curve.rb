# The substring size curve (issue 3): 200,000 tails of SIZE bytes taken with byteslice from a
# mutable 2 KB string, for SIZE in 1, 23, 100, 250, 500 and 1,000 (or only ENV["SIZE"]).
# Which of them are copied and which shared depends on RUBRA_SUBSEQ_EMBED_MAX under rubra.
src = "x" * 2048
sizes = [1, 23, 100, 250, 500, 1000]
if Object.const_defined?(:ENV) && ENV["SIZE"]
  sizes = [ENV["SIZE"].to_i]
end
total = 0
sizes.each do |size|
  start = 2048 - size
  i = 0
  while i < 200_000
    total += src.byteslice(start, size).bytesize
    i += 1
  end
end
puts total
