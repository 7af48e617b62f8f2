text = <<~EOS
  first line
  second #{1 + 1}
EOS
text.lines.size
if text.include?("second")
  :yes
else
  :no
end
print "no newline"
puts " then one"
[1, 2, 3].each_with_object({}) { |i, h|
  h[i] = i * i
}
_.keys
module Greeter
  def self.hi(name) = "hi #{name}"
end
Greeter.hi("you")
case 5
when 1..3 then "low"
when 4..6
  "mid"
end
begin
  Integer("x")
rescue ArgumentError => e
  e.message
end
z = [
  1,
  2,
].sum
z + _
