# Copies ARGV[0] to ARGV[1] through one reused 16 KiB buffer: read(16384, buf); write(buf).
# object-model.md §7: no objects per round, flat memory (CRuby's 2017 fix: 81.9 MB -> 6.6 MB).
# bench/compare makes the 1 GiB source file.
src = File.open(ARGV[0] || "/tmp/rubra-bench-1g.bin", "rb")
dst = File.open(ARGV[1] || "/dev/null", "wb")
buf = String.new
while src.read(16384, buf)
  dst.write(buf)
end
src.close
dst.close
