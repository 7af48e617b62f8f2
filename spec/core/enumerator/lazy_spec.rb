# Enumerator::Lazy basics
l = (1..Float::INFINITY).lazy
p l.class
p l.map { _1 * 2 }.select { _1 % 3 == 0 }.first(3)
p (1..20).lazy.reject(&:odd?).map { _1 * _1 }.take(3).to_a
p (1..Float::INFINITY).lazy.take_while { _1 < 5 }.to_a
p [1, 2, 3].lazy.filter_map { _1 * 2 if _1 > 1 }.to_a
p (1..3).lazy.flat_map { [_1, _1] }.to_a
p (1..Float::INFINITY).lazy.map { _1 * 10 }.first
p [4, 5].lazy.with_index.map { |x, i| x * i }.to_a
p (1..3).lazy.eager.class rescue p $!.class
p (1..3).lazy.force
