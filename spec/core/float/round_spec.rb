# Float#round / floor / ceil / truncate with and without digits, half modes
vals = [2.5, 3.5, -2.5, 2.4999, 2.675, 1.005, 0.5, -0.5, 1.15, 1.25, 1.35, 12345.6789, -12345.6789]
vals.each do |v|
  puts "#{v}: round #{v.round} floor #{v.floor} ceil #{v.ceil} truncate #{v.truncate} " \
       "round(1) #{v.round(1)} round(2) #{v.round(2)} round(-1) #{v.round(-1)} round(-2) #{v.round(-2)}"
end
p 2.5.round(half: :even)
p 3.5.round(half: :even)
p 2.5.round(half: :up)
p 2.5.round(half: :down)
p -2.5.round(half: :even)
p 0.125.round(2, half: :even)
p 0.375.round(2, half: :even)
p 12.34.floor(1)
p 12.34.ceil(1)
p -12.34.floor(1)
p -12.34.ceil(1)
p 12.34.floor(-1)
p 12.34.ceil(-1)
p 12.34.truncate(1)
p 1.5.round.class
p 1.5.round(1).class
p 1e20.round
p 1e20.round(2)
p 0.1.round(20)
p 10.0.floor
p -0.3.round
p -0.3.ceil
p 1.23456e-5.round(7)
begin
  Float::NAN.round
rescue FloatDomainError => e
  puts "FloatDomainError: #{e.message}"
end
begin
  Float::INFINITY.floor
rescue FloatDomainError => e
  puts "FloatDomainError: #{e.message}"
end
p Float::INFINITY.round(2)
