# Math.gamma, Math.lgamma, Math.erf, Math.erfc: exact factorials, zeros, infinities, domain errors
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
(1..25).each { |i| p [i, Math.gamma(i)] }
[0.5, 1.5, -0.5, -1.5, 2.5, 10.1, 0.001, -0.001, 100.5, 170.5, 171.7, 200, 1e-300].each do |x|
  p [x, Math.gamma(x), Math.lgamma(x)]
end
p Math.gamma(0.0), Math.gamma(-0.0), Math.gamma(Float::INFINITY), Math.gamma(Float::NAN).nan?
p Math.lgamma(0.0), Math.lgamma(-0.0), Math.lgamma(Float::INFINITY), Math.lgamma(-1), Math.lgamma(-2.0)
p Math.lgamma(1), Math.lgamma(2), Math.lgamma(3), Math.lgamma(Float::NAN)[0].nan?
t { Math.gamma(-1) }
t { Math.gamma(-2.0) }
t { Math.gamma(-Float::INFINITY) }
t { Math.lgamma(-Float::INFINITY) }
t { Math.gamma("1") }
t { Math.gamma(nil) }
[0, 0.5, -0.5, 1, -1, 2, 3, 5, 6, 30, -30, 1e-10, Float::INFINITY, -Float::INFINITY].each do |x|
  p [x, Math.erf(x), Math.erfc(x)]
end
p Math.erf(Float::NAN).nan?, Math.erfc(Float::NAN).nan?
t { Math.erf("1") }
p Math.gamma(3r), Math.erf(1/2r)
