# each / each_pair / each_key / each_value / each_with_index; return values
h = { a: 1, b: 2 }
r = h.each { |k, v| print k, "=", v, " " }
puts
p r.equal?(h)
h.each_pair { |k, v| print k, v }
puts
h.each { |pair| p pair }
h.each_key { print _1 }
puts
h.each_value { print _1 }
puts
h.each_with_index { |(k, v), i| print k, v, i, " " }
puts
p h.each.next
p h.each_key.to_a
p({}.each { raise "never" })
h2 = { x: 1 }
begin
  h2.each { h2[:new] = 2 }
rescue RuntimeError => e
  puts "#{e.class}: #{e.message}"
end
h3 = { x: 1, y: 2 }
h3.each { |k, v| h3[k] = v * 10 }
p h3
