# Rational (3r, 1.5r) and imaginary (3i, 2ri) literals, and a word right after a number (1.0if).
p 3r, 1.5r, -2r, 0x10r, 3i, 1.5i, 2ri, -3i, 1.5ri, 10000000000000000000000i
p 6/5r, 1/3r + 1/6r, (1+2i) * 3i, 3i.class, 3r.class, 3r.frozen?, 2i ** 2
x = 1.0if true
p x
p 1_234if true
p [1i, 2r, 3ri]
