# Hash churn: a Hash used as a cache that keeps growing and shrinking; Integer and String keys
# inserted, looked up (hits and misses), updated and deleted. Prints a checksum of the values
# found and the final size.
h = {}
found = 0
i = 0
while i < 300_000
  h[i] = i * 2
  key = "k#{i % 5000}"
  h[key] = (h[key] || 0) + 1
  found += h[i - 7] || 0
  found += 1 if h.key?(i + 1)
  h.delete(i - 1000) if i >= 1000
  i += 1
end
total = 0
h.each { |k, v| total += v if k.is_a?(String) }
puts found
puts total
puts h.size
