# Frozen hashes raise FrozenError on mutation
h = { a: 1 }.freeze
[
  -> { h[:b] = 2 }, -> { h.delete(:a) }, -> { h.merge!(b: 1) }, -> { h.clear },
  -> { h.store(:a, 2) }, -> { h.transform_values!(&:to_s) }, -> { h.default = 1 },
].each do |l|
  l.call
  puts "no error"
rescue FrozenError => e
  puts "FrozenError: #{e.message}"
end
p h.merge(b: 2)
p h.frozen?
p h.to_a.frozen?
