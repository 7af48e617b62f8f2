# `when` tests call `===` on the test value; for Integer, Float, Symbol, nil, true and false
# that is `==`, and a program's own `===` for those classes takes over.
def kind(v)
  case v
  when 1 then :one
  when 2.0 then :two
  when :s then :sym
  when nil then :nil
  when true then :true
  when "str" then :str
  when String then :string
  when 3..5 then :range
  when /ab/ then :re
  when 2**70 then :big
  else :else
  end
end
p [1, 1.0, 2, 2.0, :s, nil, true, false, "str", "x", 4, 4.5, "abc", [], 2**70, 1r].map { |v| kind(v) }
def bare(v)
  case
  when v == 1 then :is_one
  when v then :truthy
  else :falsy
  end
end
p [1, 2, nil].map { |v| bare(v) }
def splat(v)
  case v
  when *[1, 2] then :small
  when *[:a, :b], :c then :letter
  else :other
  end
end
p [1, 2, 3, :a, :c, :d].map { |v| splat(v) }
class Matcher
  def ===(o) = o.to_s.size == 3
end
def custom(v)
  case v
  when Matcher.new then :three
  else :no
  end
end
p [123, :ab, "xyz"].map { |v| custom(v) }
class Integer
  def ===(o)
    o == :magic || self == o
  end
end
p kind(:magic), kind(1), kind(2)
class Symbol
  def ===(o) = o.to_s == to_s
end
p kind("s"), kind(:s)
