# delete (with block), delete_if, keep_if, reject!, select!, compact, clear, shift
h = { a: 1, b: 2, c: 3, d: nil }
p h.delete(:a)
p h.delete(:zz)
p h.delete(:zz) { |k| "no #{k}" }
p h
p h.compact
p h.compact!
p h.compact!
p h.delete_if { |k, v| v == 2 }
p({ a: 1, b: 2 }.keep_if { |k, v| v > 1 })
p({ a: 1 }.reject! { false })
p({ a: 1 }.select! { true })
p({ a: 1, b: 2 }.filter! { |k, v| k == :b })
s = { x: 1, y: 2 }
p s.shift
p s
p({}.shift)
p s.clear
p s.empty?
