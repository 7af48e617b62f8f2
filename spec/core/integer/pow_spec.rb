# Integer#** and #pow (with modulus), negative and big exponents
p 2**0
p 2**10
p 2**62
p 2**63
p 2**64
p 2**100
p 3**40
p (-2)**3
p (-2)**4
p 0**0
p 0**5
p 1**1000
p (-1)**1001
p 10**-2
p 2**-1
p 2**0.5
p 4**0.5
p 2.0**10
p 7.pow(2)
p 7.pow(2, 5)
p 3.pow(100, 7)
p 2.pow(1000, 1_000_000_007)
p 12345678901234567890.pow(3, 1000)
p (-3).pow(3, 5)
p 3.pow(3, -5)
p (2**10)**10
p 2**(2**6)
p 10**20 / 10**18
p 123**12
begin
  2.pow(-1, 5)
rescue => e
  puts "#{e.class}: #{e.message}"
end
begin
  2.pow(3, 0)
rescue => e
  puts "#{e.class}: #{e.message}"
end
