# Float / % divmod modulo with negative operands and zero
[[7.5, 2], [-7.5, 2], [7.5, -2], [-7.5, -2], [1.0, 0.3], [0.0, 1.0]].each do |a, b|
  puts "#{a}, #{b}: / #{a / b} % #{a % b} divmod #{a.divmod(b).inspect} remainder #{a.remainder(b)}"
end
p 1.0 / 0
p -1.0 / 0
p (0.0 / 0).nan?
p 1.0 % Float::INFINITY
p -1.0 % Float::INFINITY
p((5.0 % 0.0 rescue "#{$!.class}: #{$!.message}"))
begin
  5.0.divmod(0)
rescue ZeroDivisionError => e
  puts "ZeroDivisionError: #{e.message}"
end
p 6.0.fdiv(4)
p 2.0**0.5
p 4.0**-1
p (-8.0)**2
p 10.0.div(3)
p -10.0.div(3)
p 10.5.modulo(3)
