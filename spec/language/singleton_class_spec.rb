# class << self, singleton classes, extend on objects
class Registry
  @items = []
  class << self
    attr_reader :items
    def register(x)
      @items << x
      self
    end
  end
end
Registry.register(:a).register(:b)
p Registry.items
s = Object.new
class << s
  def special = :special
end
p s.special
p s.singleton_methods
p s.singleton_class.instance_methods(false)
p Registry.singleton_class
p Registry.singleton_class?
p Registry.singleton_class.singleton_class?
module Greets
  def hi = "hi from #{self.class}"
end
o = Object.new
o.extend(Greets)
p o.hi
p o.singleton_class.include?(Greets)
p o.is_a?(Greets)
class Registry
  def self.inherited(sub)
    (@subs ||= []) << sub.name
    super
  end
  def self.subs = @subs
end
class RegA < Registry; end
class RegB < Registry; end
p Registry.subs
p RegA.items
