# Integer & | ^ ~ << >> [] with positive, negative and big values
p 12 & 10
p 12 | 10
p 12 ^ 10
p ~12
p ~-1
p ~0
p -12 & 10
p -12 | 10
p -12 ^ 10
p 1 << 10
p 1 << 64
p 1 << 100
p 1024 >> 3
p -1024 >> 3
p -1 >> 10
p 5 >> 10
p 5 << -1
p 5 >> -2
p (2**100) >> 90
p (2**100) & (2**100 - 1)
p (2**100) | 1
p (2**64 + 5) ^ (2**64)
p ~(2**70)
p 5[0]
p 5[1]
p 5[2]
p 5[100]
p -1[100]
p (2**70)[70]
p 0b1010[1..2] rescue p $!.class
p 6.allbits?(2)
p 6.anybits?(9)
p 6.nobits?(9)
p 1 << 62
p (1 << 62).class
