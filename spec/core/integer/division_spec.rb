# Integer / % divmod modulo remainder div with negative operands; fdiv
pairs = [[7, 2], [-7, 2], [7, -2], [-7, -2], [6, 3], [0, 5], [1, 7], [-1, 7]]
pairs.each do |a, b|
  puts "#{a}, #{b}: / #{a / b}  % #{a % b}  divmod #{a.divmod(b).inspect}  remainder #{a.remainder(b)}  div #{a.div(b)}  modulo #{a.modulo(b)}"
end
p 7.fdiv(2)
p -7.fdiv(2)
p 1.fdiv(3)
p 10.fdiv(0)
p -10.fdiv(0)
p 0.fdiv(0).nan?
p (10**20).fdiv(10**19)
p 7 / 2.0
p 7 % 2.5
p -7 % 2.5
p 7.divmod(2.5)
p -7.divmod(2.0)
p (2**70) / 3
p (2**70) % 7
p -(2**70) / 3
p -(2**70) % 7
p (2**70).divmod(-(2**35))
p (10**20) / (10**10)
p ((10**20) / (10**10)).class
p 7.ceildiv(2) rescue p $!.class
[[1, 0], [0, 0], [-5, 0]].each do |a, b|
  begin
    a / b
  rescue ZeroDivisionError => e
    puts "#{a} / #{b}: #{e.class}: #{e.message}"
  end
  begin
    a % b
  rescue ZeroDivisionError => e
    puts "#{a} % #{b}: #{e.message}"
  end
  begin
    a.divmod(b)
  rescue ZeroDivisionError => e
    puts "#{a}.divmod(#{b}): #{e.message}"
  end
end
p 5 / 0.0
p -5 / 0.0
p (0 / 0.0).nan?
p 5 % 0.0 rescue p $!.class
