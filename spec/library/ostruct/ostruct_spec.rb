# env: TZ=UTC
# oracle: system ruby 3.1, because ostruct is a bundled gem the oracle lacks
require "ostruct"
o = OpenStruct.new(a: 1, "b" => 2)
p o, o.a, o.b, o[:a], o["b"], o.c
o.c = 3
o[:d] = 4
p o.to_h.to_a, o.respond_to?(:c), o.respond_to?(:c=), o.respond_to?(:zz)
p o.dig(:a)
p o.delete_field(:a), o
p o.delete_field(:zz) { :none }
p o.each_pair.to_a
p o == OpenStruct.new(b: 2, c: 3, d: 4), o == { b: 2 }
p o.to_h { |k, v| [k.to_s, v * 2] }.to_a
p OpenStruct.new.inspect
o2 = OpenStruct.new(x: OpenStruct.new(y: 1))
p o2
puts o2.to_s
p o.eql?(o.dup), o.hash == o.dup.hash
d = o.dup
d.b = 100
p o.b, d.b
p OpenStruct.new(class: 1).class
p OpenStruct.new(a: 1).singleton_methods.sort
x = OpenStruct.new
x.foo = x
p x
begin
  OpenStruct.new.foo(1)
rescue NoMethodError => e
  p e.class
end
p OpenStruct.new(nil)
class Point < OpenStruct
  def dist = Math.sqrt(x * x + y * y)
end
pt = Point.new(x: 3, y: 4)
p pt.dist, pt
pt.dist = 1
p pt.dist
