# transform_values / transform_keys (with hash argument), ! variants, filter_map, to_h with block
h = { a: 1, b: 2 }
p h.transform_values { _1 * 10 }
p h.transform_keys(&:to_s)
p h.transform_keys({ a: :x })
p h.transform_keys({ a: :x }) { |k| k.to_s }
p h
h.transform_values!(&:to_s)
p h
h.transform_keys!(&:to_s)
p h
p h.to_h { |k, v| [v, k] }
p({ a: 1, b: 2 }.to_h { |k, v| [k.to_s, v * v] })
p({ a: 1 }.transform_values.class)
p({ a: 1, b: 2 }.transform_keys { :same })
p({}.transform_values { 1 })
p({ a: 1, b: 2 }.filter_map { |k, v| "#{k}:#{v}" if v > 1 })
p({ a: 1, b: 2 }.slice(:a, :zz))
p({ a: 1, b: 2 }.except(:a))
