# join with separators, nested arrays and nil
p [1, 2, 3].join
p [1, 2, 3].join(", ")
p [1, [2, [3]]].join("-")
p [1, nil, 2].join(",")
p [].join(",")
p [nil].join
p ["a", :b, 1.5, nil, true].join("|")
p [[]].join(",")
p ["日本", "語"].join("・")
r = [1]
r << r
begin
  r.join
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
p [1, 2].to_s
p [1, 2].inspect
