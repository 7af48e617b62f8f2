# Symbol#to_proc in map/select/inject and its arity/lambda?
p %w[a bb ccc].map(&:length)
p [1, 2, 3, 4].select(&:even?)
p [[1, 2], [3]].map(&:size)
p [1, 2, 3].inject(&:*)
pr = :upcase.to_proc
p pr.call("abc")
p pr.arity
p pr.lambda?
p pr.parameters rescue p $!.class
add = :+.to_proc
p add.call(2, 3)
begin
  pr.call
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  pr.call(5)
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
p [[1, 2], [3, 4]].map(&:first)
p({ a: 1 }.map(&:first))
p [nil, 1].map(&:nil?)
