# if/elsif/else/unless, modifiers and ternaries; truthiness
def check(v)
  if v
    "truthy"
  else
    "falsy"
  end
end
[nil, false, true, 0, "", [], {}, :a].each { |v| puts "#{v.inspect} -> #{check(v)}" }
def grade(n)
  if n >= 90 then "A"
  elsif n >= 80 then "B"
  elsif n >= 70
    "C"
  else
    "F"
  end
end
p [95, 85, 75, 10].map { |n| grade(n) }
p(if false then 1 end)
x = if true then :yes else :no end
p x
unless 1 > 2
  puts "unless body"
else
  puts "unless else"
end
p (unless true then 1 end)
puts "modifier if" if 1 == 1
puts "never" if nil
puts "modifier unless" unless false
p 1 > 0 ? "pos" : "non-pos"
p nil ? 1 : 2
v = 5
r = v > 3 ? (v > 4 ? "big" : "mid") : "small"
p r
p (true && nil) ? 1 : 2
p (if nil then 1 elsif false then 2 end)
y = 0
y = 1 if y.zero?
p y
if (a = 3) > 2
  p a
end
p !nil
p (not false)
