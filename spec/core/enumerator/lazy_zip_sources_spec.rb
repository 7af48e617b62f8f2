# Lazy#zip reads sources that are not Arrays through external enumerators made for each run
# (an endless source is read only as far as needed; nil once a source stops); to_enum without
# a block has an unknown size; Enumerator::Chain.new and Enumerator::Product.new.
lz = (1..Float::INFINITY).lazy
p lz.zip(lz.map { _1 * 10 }).first(2)
z = lz.zip((1..).each_slice(2), [:a]).first(3)
p z
short = [1, 2, 3].lazy.zip([4, 5].each)
p short.to_a, short.to_a
p lz.zip(1..2).first(3), lz.zip(1..).first(2)
calls = 0
counted = Enumerator.new { |y| loop { calls += 1; y << calls } }
p lz.zip(counted).first(3), calls
begin
  lz.zip(5).first(1)
rescue TypeError => e
  p e.message
end
p [1, 2, 3].to_enum(:each_with_index).size, [1, 2].to_enum.size, [1, 2].enum_for(:map).size
p [1, 2].to_enum { 7 }.size, [1, 2].each.size, (1..4).to_enum(:each_slice, 2).size, (1..4).each_slice(2).size
ch = Enumerator::Chain.new([1], [2, 3])
p ch, ch.size, ch.to_a, Enumerator::Chain.new.to_a
p Enumerator::Product.new([1, 2], [3]).to_a, Enumerator::Product.new.to_a
