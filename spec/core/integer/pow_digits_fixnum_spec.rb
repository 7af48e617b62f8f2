# Integer#** and #digits on fixnums, at the edges where the result leaves the fixnum range.
p 7**7, 2**61, 2**62, 2**63, 2**64, (-2)**61, (-2)**62, (-2)**63, (-3)**3, 0**0, 0**5, 5**0
p 3**39, 3**40, 3**41, (-1)**5, (-1)**6, 10**18, 10**19, 1**1000, 2**-2, (-2)**-3, 2**0.5
p 4611686018427387903**1, 4611686018427387903**2, (-4611686018427387904)**2
p 12345.digits, 0.digits, 255.digits(16), 4611686018427387903.digits(1000)
p 10.digits(2**64), 7.digits(7), 100.digits(2**62), 99.digits(100)
begin
  (-5).digits
rescue => e
  p e.class, e.message
end
begin
  5.digits(1)
rescue => e
  p e.class, e.message
end
