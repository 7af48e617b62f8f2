# Integer#pow(exp, mod): fixnum, Bignum and negative moduli.
p 10.pow(100000, 1000003)
p 2.pow(10, 1000)
p 3.pow(0, 7), 3.pow(0, 1), 3.pow(0, -1)
p (-7).pow(3, 5), 7.pow(3, -5), (-7).pow(3, -5)
p 12345678901.pow(98765, 4611686018427387903)
p 4611686018427387902.pow(2, 4611686018427387903)
p 2.pow(100, 2**70 + 1)
p (2**70).pow(3, 1000007)
p 5.pow(3, 2**64)
t = 0
2000.times { |i| t += i.pow(i + 3, 1000003) }
p t
begin
  2.pow(3, 0)
rescue => e
  p e.class, e.message
end
begin
  2.pow(-1, 5)
rescue => e
  p e.class, e.message
end
begin
  2.pow(3, 5.0)
rescue => e
  p e.class, e.message
end
