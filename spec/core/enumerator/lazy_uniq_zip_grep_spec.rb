p (1..).lazy.uniq.first(2), (1..).lazy.map { _1 % 3 }.uniq.first(3), (1..).lazy.uniq { _1 % 4 }.first(4)
p (1..).lazy.zip(1..).first(2), (1..3).lazy.zip([4, 5], 7..8).to_a, (1..).lazy.grep(2..3).first(2), (1..).lazy.grep_v(1..3).first(2)
p (1..20).lazy.grep(5..7) { _1 * 2 }.to_a, %w[a b a c].lazy.uniq.to_a
l = (1..4).lazy.uniq
p l.to_a, l.to_a
