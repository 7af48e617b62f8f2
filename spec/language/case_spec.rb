# case/when: ===, lists, splats, ranges, classes, lambdas, no subject, then, else
def classify(x)
  case x
  when 0 then "zero"
  when 1, 2, 3 then "small"
  when 4..9 then "medium"
  when Integer then "big int"
  when Float then "float"
  when "str", "ing" then "one of the strings"
  when String then "some string"
  when :sym then "the symbol"
  when nil then "nil"
  when Array, Hash then "collection"
  when ->(v) { v == true } then "lambda true"
  else "other"
  end
end
[0, 2, 5, 100, 1.5, "str", "x", :sym, nil, [1], {}, true, :other].each do |v|
  puts "#{v.inspect}: #{classify(v)}"
end
SMALL = [1, 2]
def splat(x)
  case x
  when *SMALL then "in SMALL"
  when *[3, 4], 5 then "3..5"
  else "no"
  end
end
p [1, 2, 4, 5, 6].map { |v| splat(v) }
n = 15
r = case
    when n % 15 == 0 then "FizzBuzz"
    when n % 3 == 0 then "Fizz"
    else n
    end
p r
p(case 1 when 2 then :no end)
x = case "a"
    when "a"
      first = 1
      first + 1
    end
p x
p (case 2.0 when 2 then "int matches float" end)
p (case 1..3 when Range then "range" end)
p (case 'c' when 'a'..'e' then "letter range" end)
p (case 7 when 1...7 then :excl else :out end)
class Even
  def self.===(o) = o.is_a?(Integer) && o.even?
end
p [1, 2].map { |v| case v when Even then :even else :odd end }
