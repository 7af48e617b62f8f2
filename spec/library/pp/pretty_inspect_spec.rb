# require "pp": Kernel#pretty_inspect, PP.pp (output and width), PP.singleline_pp; a first
# Kernel#pp call requires the library too
p [].respond_to?(:pretty_inspect)
pp 1
p [1, 2].pretty_inspect
p({a: [1] * 30, "k" => {b: :c}}.pretty_inspect)
puts ({list: (1..40).to_a}.pretty_inspect)
p require("pp")
s = +""
PP.pp([1, 2], s)
PP.pp({a: 1}, s, 3)
PP.pp(%w[alpha beta gamma delta], s, 10)
p s
p PP.singleline_pp([1] * 30, +"")
PP.pp({x: 1})
p PP.pp(nil, +"").class
Struct.new(:a, :b).new(1, "x").then { |st| print st.pretty_inspect }
Point = Struct.new(:x, :y)
pp Point.new(1, 2)
pp Point.new([1] * 30, {a: "x" * 50})
pp [Point.new(1, 2)] * 5
S2 = Struct.new(:a)
s = S2.new; s.a = s
pp s, s.a.a.a
pp Struct.new(:q).new("long " * 20)
