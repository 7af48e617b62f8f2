# Frozen arrays: every mutator raises FrozenError with the same message
a = [1, 2, 3].freeze
[
  -> { a << 4 }, -> { a.push(4) }, -> { a.pop }, -> { a.shift }, -> { a.unshift(0) },
  -> { a[0] = 9 }, -> { a.concat([4]) }, -> { a.delete(1) }, -> { a.clear },
  -> { a.map! { _1 } }, -> { a.sort! }, -> { a.reverse! }, -> { a.fill(0) },
  -> { a.insert(0, 1) }, -> { a.compact! }, -> { a.uniq! }, -> { a.replace([]) },
].each do |l|
  l.call
  puts "no error"
rescue FrozenError => e
  puts "FrozenError: #{e.message}"
end
p a
p a.frozen?
p a.map { _1 * 2 }
p a.sort.frozen?
p a.first(2)
p [].freeze.pop rescue puts "#{$!.class}: #{$!.message}"
