def try
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
try { [1].first(nil) }
try { [1].fetch(nil) }
try { "a" * nil }
try { [1, 2][nil] }
try { "abc".byteslice(nil) }
try { "abc".center(nil) }
try { 1.round(nil) }
try { "ab".getbyte(nil) }
try { [1].rotate(nil) }
try { Array.new(nil) }
try { "abc"[1, nil] }
try { [1,2,3].sample(nil) }
try { "abc".ljust("x") }
try { [1].first("x") }
