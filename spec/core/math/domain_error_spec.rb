# Math::DomainError and TypeError from Math functions
[
  -> { Math.sqrt(-1) },
  -> { Math.log(-1) },
  -> { Math.log2(-1) },
  -> { Math.log10(-1) },
  -> { Math.acos(2) },
  -> { Math.asin(-2) },
  -> { Math.log(10, -2) },
  -> { Math.sqrt("4") },
  -> { Math.sqrt(nil) },
  -> { Math.cbrt(:x) },
].each do |l|
  l.call
  puts "no error"
rescue Math::DomainError => e
  puts "Math::DomainError: #{e.message}"
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
p Math::DomainError.superclass
p Math.sqrt(-0.0)
p Math.log(0.0)
