# Float and Integer mixed in + - * /: the Integer converted as CRuby converts it, Infinity and NaN
# from zero divisors, and a program's redefinition of Float#+ called from then on.
p 1.5 + 2, 2 + 1.5, 1.5 - 2, 2 - 1.5, 1.5 * 2, 2 * 1.5, 3.0 / 2, 3 / 2.0, 1.0 / 0, -1 / 0.0, 0 / 0.0, 0.0 / 0
p 2**62 - 1 + 0.5, 0.1 * 3, 3 * 0.1, 1e300 * 10**2, (2**53 + 1) * 1.0, 7 / 3.5, -7 / 2.0, 1.0e-320 * 2, 5 - 1e308 * 10
class Float; def +(o) = :redef; end
p 1.5 + 2
