# Hashes around the size where rubra starts indexing its entries (8): lookups, replacement,
# deletion, re-insertion and order agree on both sides of it, for immediate keys, strings,
# floats, arrays and objects with their own hash/eql?.
class K
  attr_reader :v
  def initialize(v) = @v = v
  def hash = @v % 3
  def eql?(o) = o.is_a?(K) && o.v == @v
  def inspect = "K#{@v}"
end

[0, 1, 7, 8, 9, 10, 17, 40].each do |n|
  h = {}
  n.times { |i| h[i.even? ? i : "s#{i}"] = i }
  n.times { |i| h[K.new(i)] = -i }
  ok = (0...n).all? { |i| h[i.even? ? i : "s#{i}"] == i && h[K.new(i)] == -i }
  h.delete(K.new(1)); h.delete(2); h.delete("s3")
  h[K.new(1)] = :back
  h[2.0] = :float
  h[[1, 2]] = :array
  p [n, ok, h.size, h[K.new(1)], h[2], h[2.0], h[[1, 2]], h.key?("s3"), h.keys.last(4)]
end

h = {}
20.times { |i| h[i] = i }
19.times { |i| h.delete(i) }
p h, h[19], h[0]
h[0] = :again
p h, h.to_a.size

s = "key"
id = {}.compare_by_identity
9.times { |i| id["key"] = i }
id[s] = :mine
p id.size, id[s], id["key"]

big = (1..9).to_h { |i| [:"k#{i}", i] }
p big[:k9], big[:k1], big.delete(:k5), big.size, big.min_by { |k, v| -v }
big.shift; big.shift
p big.keys, big.key?(:k1), big.key?(:k3)
