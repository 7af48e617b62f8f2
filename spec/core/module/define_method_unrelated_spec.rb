# define_method with a method taken from an unrelated class, and UnboundMethod#bind.
def t(label)
  v = yield
  puts "#{label}: => #{v.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}: #{e.message}"
end

t("Integer <- String#upcase") { Integer.define_method(:x, String.instance_method(:upcase)); 1.x }
t("Array <- Hash#keys") { Array.define_method(:ks, Hash.instance_method(:keys)); [].ks }
t("bind(1)") { String.instance_method(:upcase).bind(1) }
t("bind_call") { String.instance_method(:size).bind_call([1, 2]) }
t("subclass ok") do
  c = Class.new(String)
  c.define_method(:up2, String.instance_method(:upcase))
  c.new("ab").up2
end
t("module method anywhere") { Integer.define_method(:cmp2, Comparable.instance_method(:clamp)); 5.cmp2(1, 3) }
t("singleton method elsewhere") do
  o = Object.new
  def o.hi = :hi
  Object.define_method(:hi2, o.method(:hi).unbind)
end
