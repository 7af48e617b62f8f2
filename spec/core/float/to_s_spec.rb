# Float#to_s / inspect: shortest round-trip representation and exponent thresholds
[
  1.0, 1.5, 0.1 + 0.2, 1e20, 1e16, 1e15, 123456789012345.6, 1234567890123456.7,
  1.0e-5, 0.0001, 0.001, -0.0, 0.0, 2.5e-10, 100.0, 1 / 3.0, 2 / 3.0, 10 / 3.0,
  1e100, 1.7976931348623157e308, 5e-324, 2.2250738585072014e-308, 9007199254740993.0,
  0.5, 0.25, 0.125, 3.14, -3.14, 1e2, 1e-1, 12.0e3, 1.23e-4, 9.999999999999999e15,
  1e23, 4.35, 0.30000000000000004, 100.0 / 3, 2.0**62, 2.0**70, 1.1 * 1.1, 3.0 * 1.1
].each { |f| puts "#{f.inspect} #{f}" }
p Float::INFINITY
p -Float::INFINITY
p Float::NAN
puts Float::INFINITY
p 1.0.to_s
p 1e20.to_i
p 1.5.to_s.length
