# loop / break / next / redo with values
r = loop do
  break 42
end
p r
p (loop { break })
i = 0
r = loop do
  i += 1
  next if i < 3
  break i
end
p r
p [1, 2, 3, 4].map { |x| next 0 if x.even?; x }
p [1, 2, 3].each { |x| break x * 10 if x == 2 }
p [1, 2, 3].each { |x| x }
res = [1, 2, 3].each_with_index.map { |x, idx| next x if idx == 0; x * 100 }
p res
tries = 0
[1, 2].each do |x|
  tries += 1
  redo if tries == 1
  puts "x=#{x} tries=#{tries}"
end
def find_first(list)
  list.each { |v| return v if v > 2 }
  nil
end
p find_first([1, 5, 7])
p find_first([1])
out = [1, 2, 3].each do |a|
  [10, 20].each do |b|
    break if b == 20
    puts "#{a} #{b}"
  end
end
p out
p 3.times.map { |t| next t * 2 }
p (1..Float::INFINITY).each { |v| break v if v * v > 50 }
e = [1, 2, 3].each
p (loop { e.next })
