# 1,000,000 Time objects held in an Array at once (peak memory of embedded Times).
a = Array.new(1_000_000) { Time.now }
puts a.size
