# to_c on every class that has it, Numeric#i, and String#to_c
def t
  p yield
rescue => e
  p [e.class, e.message]
end
t { Complex(1, 2).to_c }
t { 1.to_c }
t { -1.5.to_c }
t { Rational(1, 2).to_c }
t { (2**70).to_c }
t { nil.to_c }
t { [1.to_c.class, nil.to_c.class, 1.to_c.frozen?] }
t { 3.i }
t { -3.i }
t { 1.5.i }
t { Rational(1, 2).i }
t { (2**70).i }
t { Float::NAN.i }
t { Complex(1, 2).i }
t { :a.to_c }
%w[1+2i 3i -i i +I 1-j 2.5J 1e5 1.5 1/3 1/3+2/5i 1.5e-2+3e2i 1_000 1_2_3i 1@2 2.5@1.5 1@-2 1/2@1/3
   abc 1+xi 1__2 1__2i 1_i 1e 3e+ 3e+x 1.5/ 1/2.5 1/3e 1. 1.e5 .5 1@ 1@2. 1@x 1+2 1+ 1-x 1+2x
   2i+1 0x10 ++1 +-1 1e5i -1.5e-3-2.5e+2i].each { |s| t { [s, s.to_c] } }
t { "  3.5e2-2.5ij".to_c }
t { "\t1+2i\n".to_c }
t { "1+2i\0junk".to_c }
t { "".to_c }
t { "1/0".to_c }
