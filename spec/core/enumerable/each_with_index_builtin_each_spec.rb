# each_with_index walks an Array or Hash itself (one block frame) only while its each is the
# builtin one: a subclass, a singleton or a redefinition of each is still called.
a = %w[x y z]
p a.each_with_index { |s, i| p [s, i] }
p a.each_with_index.to_a, a.each_with_index.map { |s, i| s * i }
h = { a: 1, b: 2 }
p h.each_with_index { |(k, v), i| p [k, v, i] }
h.each_with_index { |kv, i| p [kv, i] }
p a.each_with_index { |s, i| break i if s == "y" }
class MyArr < Array
  def each
    super { |x| yield x.upcase }
  end
end
m = MyArr.new(%w[a b])
m.each_with_index { |s, i| p [s, i] }
class Array2 < Array; end
Array2.new([5, 6]).each_with_index { |v, i| p [v, i] }
(1..3).each_with_index { |v, i| p [v, i] }
o = [1, 2]
def o.each; yield :singleton; end
o.each_with_index { |v, i| p [v, i] }
b = [1, 2, 3]
b.each_with_index { |v, i| b.pop if i == 0; p [v, i] }
