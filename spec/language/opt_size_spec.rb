# size, length and empty? answered inline for a plain Array or Hash (opt_size, opt_empty_p), and
# sent for everything else and once Array or Hash redefines them.
a = [1, 2, 3]; h = {a: 1}; s = "héllo"
p a.size, a.length, a.empty?, [].empty?, h.size, h.length, h.empty?, {}.empty?, s.size, s.length, s.empty?, "".empty?
p nil.to_a.size, (1..4).size, :sym.size, :sym.length
class Sub < Array; def size = 99; end
p Sub.new.size, Sub.new.length, Sub.new.empty?
o = Object.new
def o.size = 7
def o.empty? = :maybe
p o.size, o.empty?
begin
  Object.new.size
rescue NoMethodError => e
  p e.class
end
x = [1]
p(x.size > 0 ? :yes : :no)
while x.empty? == false
  x.pop
end
p x
class Array
  def size = -1
end
p [1, 2].size, [1, 2].length
class Hash
  def empty? = :redefined
end
p({}.empty?)
