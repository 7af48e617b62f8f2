# Float#to_i / to_f / to_s / rationalize-free conversions and comparisons with Integer
p 3.99.to_i
p -3.99.to_i
p 1e20.to_i
p 1.5e30.to_i
p 2.0.to_i.class
p 1.0.to_f
p 1.0 == 1
p 1.5 > 1
p 1.0 <=> 2
p 2.0 <=> 1
p 1.0 <=> 1
p 1.0.eql?(1)
p 2.0 ** 64 == 2**64
p 2.0**64 < 2**64 + 1
p (2**53 + 1).to_f == 2**53 + 1
p 1.0.between?(0, 2)
p 5.5.clamp(1, 3)
p 1e3.to_i
p -0.0.to_i
p 0.1 * 3
p 0.1 * 3 == 0.3
p 1.1 + 2.2
p 3.0 * 1.1
p 100.0.to_s
p 1.23456789e-7
p (0.1).abs
p -1.5.abs
p 2.5.coerce(1)
begin
  Float::INFINITY.to_i
rescue FloatDomainError => e
  puts "FloatDomainError: #{e.message}"
end
begin
  1.0 < "x"
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
