# Float#to_json: the json generator's digits (Grisu2, not always the shortest) and notation
require "json"
out = []
(1..1500).each do |i|
  a = (i * 7919) % 100003 + 1
  b = (i * 104729) % 997 + 1
  e = (i * 31) % 200 - 100
  x = (a.to_f / b) * (2.0 ** e)
  out << x.to_json
end
[1e23, 8.41e21, 5e22, 1e22, 9007199254740993.0, 0.1 + 0.2, 1.0 / 3, 2.0 ** 60, 2.0 ** -60, 123.456, 4.35, 0.000123, 1e-5 * 3].each { |x| out << x.to_json }
puts out
