# merge / merge! / update with and without blocks; multiple arguments
a = { x: 1, y: 2 }
b = { y: 20, z: 30 }
p a.merge(b)
p a
p a.merge(b) { |key, old, new| old + new }
p a.merge
p a.merge(b, { w: 0 })
p a.merge!(b)
p a
p a.update(z: 300) { |k, o, n| [o, n] }
p a.update({ q: 1 }, { r: 2 })
p({}.merge({ a: 1 }))
c = { k: [1] }
d = c.merge({})
d[:k] << 2
p c
begin
  {}.merge(5)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
p({ a: 1 }.merge({ "a" => 2 }))
