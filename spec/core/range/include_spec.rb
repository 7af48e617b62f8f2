# include?/member?/cover?/=== with integers, floats, strings, endless and beginless ranges
r = 1..10
p r.include?(5), r.include?(10), r.include?(11), r.include?(5.5), r.member?(0)
p (1...10).include?(10)
p r.cover?(2..3), r.cover?(5..11), r.cover?(1...11)
p r === 5, r === 5.5, r === "5"
p (1.0..2.0).include?(1.5), (1.0...2.0).include?(2.0)
p ('a'..'e').include?('c'), ('a'..'e').include?('cc'), ('a'..'e').cover?('cc')
p ('a'..'e') === 'c'
p (1..).include?(10**100), (..0).include?(-5), (..0).cover?(1)
p (nil..nil).include?(1) rescue p $!.class
p (1..10).include?(nil) rescue puts "#{$!.class}: #{$!.message}"
case 75
when 0...50 then puts "low"
when 50..100 then puts "high"
end
case 2.5
when 1..2 then puts "1..2"
when 2..3 then puts "2..3"
end
