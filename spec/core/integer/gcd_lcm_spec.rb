# gcd / lcm / gcdlcm
p 12.gcd(18)
p 12.lcm(18)
p 12.gcdlcm(18)
p 0.gcd(5)
p 5.gcd(0)
p -12.gcd(18)
p 12.lcm(-18)
p 0.lcm(5)
p 17.gcd(13)
p (2**80).gcd(2**70 * 3)
p (2**40).lcm(3**20)
p 1.gcd(1)
begin
  12.gcd(1.5)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
