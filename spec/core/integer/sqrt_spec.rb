# Integer.sqrt
p Integer.sqrt(0)
p Integer.sqrt(1)
p Integer.sqrt(15)
p Integer.sqrt(16)
p Integer.sqrt(17)
p Integer.sqrt(10**20)
p Integer.sqrt(2**64)
p Integer.sqrt(10**40 + 1)
p Integer.sqrt(24.9)
begin
  Integer.sqrt(-1)
rescue Math::DomainError => e
  puts "Math::DomainError: #{e.message}"
end
begin
  Integer.sqrt("x")
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
