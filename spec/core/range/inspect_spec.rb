# Range#inspect/to_s, ==, eql?, frozen?, construction errors
p (1..2), (1...2), (1..), (..2), (nil..), ('a'..'b'), (1.5..2)
puts (1..2).to_s, (1...).to_s, ('a'..'b').to_s
p Range.new(1, 5), Range.new(1, 5, true)
p (1..2) == (1..2), (1..2) == (1...2), (1..2).eql?(1..2), (1..2) == (1.0..2.0), (1..2).eql?(1.0..2.0)
p (1..2).frozen?
p (1..2).hash == (1..2).hash
begin
  Range.new(1, "a")
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  Object.new..Object.new
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p [(1..2), (3...4)]
p({ (1..2) => :r })
