# Complex(string): the whole string must read as a complex number
def t
  p yield
rescue => e
  p [e.class, e.message]
end
%w[1+2i 3i 1@2 -i i +I 1e5 1.5 1/3 1/3+2/5i 1.5e-2+3e2i 1_000 1__0 1_ _1 1.e5 .5 1+ 1+i 1-j 2.5@1.5
   1@ 1@- 1@2. 1+2 x 1/0 1/0i 1i2 1+2i3 1+2ii 1/2.5 1.5/2 3e 3e+ 1E1 -1.5e-3-2.5e+2i 1/2@1/3].each do |s|
  t { [s, Complex(s)] }
end
t { Complex(" 1+2i ") }
t { Complex("\t1+2i\n") }
t { Complex("1 + 2i") }
t { Complex("") }
t { Complex("  ") }
t { Complex("1+2i\0") }
