# Hash#[] / []= / store / fetch (KeyError) / dig / key? family / value?
h = { "a" => 1, b: 2, 3 => [4], nil => :nil_key }
p h["a"], h[:b], h[3], h[nil], h[:missing]
h[:c] = 5
p h.store(:d, 6)
p h
p h.fetch(:b)
p h.fetch(:zz, "default")
p h.fetch(:zz) { |k| "block got #{k}" }
begin
  h.fetch(:zz)
rescue KeyError => e
  puts "KeyError: #{e.message}"
  p e.key
  p e.receiver == h
end
begin
  {}.fetch("str")
rescue KeyError => e
  puts "KeyError: #{e.message}"
end
n = { a: { b: { c: [10, 20] } } }
p n.dig(:a, :b, :c, 1)
p n.dig(:a, :x, :c)
p n[:a][:b]
p h.key?(:b), h.has_key?(:b), h.include?(:b), h.member?(:b), h.key?(:nope)
p h.value?(2), h.has_value?(99)
p h.key(2), h.key(99)
p h.values_at(:b, :c, :nope)
p h.fetch_values(:b, :c)
begin
  h.fetch_values(:nope)
rescue KeyError => e
  puts "KeyError: #{e.message}"
end
k = "key"
hh = { k => 1 }
p hh.keys[0].frozen?
p({ 1 => :int }[1.0])
p({ 1.0 => :float }[1])
