# respond_to?
class Thing
  def pub = 1
  private def priv = 2
  protected def prot = 3
end
t = Thing.new
p t.respond_to?(:pub)
p t.respond_to?("pub")
p t.respond_to?(:priv)
p t.respond_to?(:priv, true)
p t.respond_to?(:prot)
p t.respond_to?(:prot, true)
p t.respond_to?(:nope)
p 1.respond_to?(:+)
p nil.respond_to?(:to_a)
p [].respond_to?(:each)
p Thing.respond_to?(:new)
p Comparable.respond_to?(:new)
p t.respond_to?(:puts)
p t.respond_to?(:puts, true)
p "s".respond_to?(:upcase)
p :s.respond_to?(:upcase)
