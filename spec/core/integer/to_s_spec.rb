# Integer#to_s / inspect with bases, digits, chr, ord
p 255.to_s
p 255.to_s(2)
p 255.to_s(8)
p 255.to_s(16)
p 255.to_s(36)
p -255.to_s(16)
p 0.to_s(2)
p (2**70).to_s(16)
p (2**70).to_s(36)
p -(2**70).to_s
p 35.to_s(36)
p 12345.inspect
p 1234.digits
p 1234.digits(10)
p 255.digits(16)
p 0.digits
p (10**20).digits.length
begin
  -1.digits
rescue Math::DomainError => e
  puts "Math::DomainError: #{e.message}"
end
begin
  1.to_s(1)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  1.to_s(37)
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p 65.chr
p 97.chr
p 10.chr
p 1.ord
p 12.to_s.length
p (2**100).bit_length
p 255.bit_length
p -1.bit_length
p 0.bit_length
