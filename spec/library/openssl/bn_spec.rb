# OpenSSL::BN: construction from Integers and decimal/hex/binary/MPI strings, the string forms,
# arithmetic (BN#/ answers [quotient, remainder]), modular operations, bits, comparison,
# coercion, mutation and the primality test.
require 'openssl'
bn = OpenSSL::BN
a = bn.new(97)
p a.class, a.to_i, a.to_s, a.to_s(16), a.to_s(2).bytes, a.to_s(0).bytes
p bn.new("ff", 16).to_i, bn.new("-ff", 16).to_i, bn.new("\x01\x00".b, 2).to_i, bn.new(a).to_i
p bn.new("123456789012345678901234567890").to_s, bn.new(-5).to_s, bn.new(-5).to_s(16), bn.new(256).to_s(16)
p bn.new(-300).to_s(0).bytes, bn.new(200).to_s(0).bytes, bn.new(bn.new(-300).to_s(0), 0).to_i, bn.new(0).to_s(2)
p (bn.new("zz") rescue $!), bn.new("12x").to_i, bn.new("-3z", 16).to_i, (bn.new("-") rescue $!), (bn.new(" 1") rescue $!), (bn.new(1.5) rescue $!), (bn.new(nil) rescue $!)
p (a.to_s(3) rescue $!), (bn.new("1", 8) rescue $!)
b = bn.new(255)
p (a + b).to_i, (a - b).to_i, (a * b).to_i, (b / a).map(&:to_i), (b % a).to_i, (a ** 2).to_i
p (bn.new(-7) / 2).map(&:to_i), (bn.new(7) / -2).map(&:to_i), (bn.new(-7) % 2).to_i
p (a / 0 rescue $!), (a % 0 rescue $!)
p a.sqr.to_i, a.mod_inverse(13).to_i, a.mod_add(5, 13).to_i, a.mod_mul(5, 13).to_i
p a.mod_sub(100, 13).to_i, a.mod_sqr(13).to_i, a.mod_exp(5, 13).to_i, (a.mod_inverse(97) rescue $!.class)
p a.gcd(bn.new(194)).to_i, (a << 2).to_i, (a >> 1).to_i
p a.cmp(5), a.ucmp(-200), a <=> b, a == 97, 97 == a, a == bn.new(97), a.eql?(bn.new(97)), a.eql?(97)
p a.hash == bn.new(97).hash, a > 5, [b, a].max.to_i, (-a).to_i, (-a).abs.to_i
p 3 + a, a.coerce(3), (a + 3).class, 12.to_bn.to_i, 12.to_bn.class, a.to_bn.equal?(a), a.to_int
p a.num_bits, a.num_bytes, bn.new(2**64).num_bits, bn.new(2**64).num_bytes
p a.zero?, a.one?, a.odd?, a.negative?, (-a).negative?, bn.new(0).zero?, bn.new(1).one?
p a.bit_set?(0), a.bit_set?(1), a.bit_set?(6), a.bit_set?(100)
c = a.dup
c.set_bit!(1)
p c.to_i, a.to_i
c.clear_bit!(0)
p c.to_i
c.mask_bits!(3)
p c.to_i
p [2, 3, 4, 97, 91, 561, 7919, 2**31 - 1, 2**61 - 1, 2**89 - 1, 2**127 - 1, 2**127 + 1].map { |n| bn.new(n).prime? }
p bn.new(1).prime?, bn.new(0).prime?, bn.new(-7).prime?, a.prime_fasttest?
p bn.rand(64).num_bits, bn.rand(1).to_i, (bn.rand(0) rescue $!.class), bn.rand(0, -1).to_i, bn.rand(2, 1).to_i, bn.rand(16, -1).num_bits <= 16
p bn.generate_prime(32).prime?, bn.generate_prime(32).num_bits, bn.rand_range(10).to_i < 10
p a.inspect.match?(/\A#<OpenSSL::BN:0x[0-9a-f]+>\z/), "#{a}"
