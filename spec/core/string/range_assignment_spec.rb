s = +"hello"; s[1..2] = "X"; p s
begin; (+"ab")[5..] = "x"; rescue RangeError => e; p e.message; end
p (+"hello").bytesplice(1..2, "Z"), (+"hello").bytesplice(-2.., "!")
begin; (+"ab").bytesplice(5..6, "x"); rescue RangeError => e; p e.message; end
s = +"hello"; s[-3..] = "p"; p s; s[..0] = "J"; p s
