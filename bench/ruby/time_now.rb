# Time.now in a loop (object-model.md §6): one embedded 80-byte object per call.
i = 0
n = 0
while i < 2_000_000
  n += 1 if Time.now
  i += 1
end
puts n
