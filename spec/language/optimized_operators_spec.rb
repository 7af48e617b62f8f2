# The operators the dispatch loop computes inline (/ % != & | ^ << >> []=, Hash#[]), with
# the edge cases left to the methods (zero divisors, frozen receivers, subclasses, redefinition).
p 7 / 2, -7 / 2, 7 / -2, -7 / -2, 7 % 3, -7 % 3, 7 % -3, 7.5 % 2.0, -7.5 % 2.0, 7.0 / 2.0, 1.0 / 0.0
p (2**62) / -1, -(2**62) / -1
begin; 1 / 0; rescue => e; p e; end
begin; 1 % 0; rescue => e; p e; end
p 1 != 2, :a != :a, nil != false, 1.0 != 1.0, "a" != "a", 1 != 1.0
p 6 & 3, 6 | 3, 6 ^ 3, 1 << 62, 1 << 63, 1 << 64, -1 << 3, 5 >> 1, -5 >> 1, 5 >> 70, -5 >> 70, 1 << -1, 8 >> -1
a = []; a << 1 << 2; p a
a[5] = 1; p a; a[-1] = 9; p a; a[6] = 3; p a
begin; a[-20] = 1; rescue => e; p e; end
a.freeze
begin; a[0] = 1; rescue => e; p e; end
begin; a << 1; rescue => e; p e; end
h = {}; h["k"] = 1; k = h.keys[0]; p k.frozen?, h
h = Hash.new { |hh, kk| hh[kk] = kk * 2 }; p h[3], h
h.freeze
begin; h[1] = 2; rescue => e; p e; end
class Foo < Array; def []=(i, v); puts "sub"; super; end; end
f = Foo.new; f[0] = 1; p f
b = [1, 2, 3]; b[1] += 10; p b
hh = {a: 1}; hh[:a] += 1; hh[:b] ||= 5; p hh
class Integer; def %(o) = 42; end
p 7 % 3
