# Class.new, #new, #allocate, #superclass, #class, initialize
class Plain; end
p Plain.new.class
p Plain.superclass
p Plain.class
klass = Class.new(Array) do
  def second = self[1]
end
inst = klass.new([1, 2, 3])
p inst.second
p klass.superclass
p klass.new.class == klass
class WithInit
  attr_reader :args
  def initialize(*args, **kw, &b)
    @args = [args, kw, b&.call]
  end
end
p WithInit.new(1, 2, k: 3) { 4 }.args
a = WithInit.allocate
p a.args
p a.class
p Integer.superclass
p Integer.superclass.superclass
p Class.superclass
p Module.superclass
p BasicObject.superclass
p Object.new.class
begin
  Integer.new
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
begin
  Class.new(Class)
rescue TypeError => e
  puts "TypeError: #{e.message}"
end
class Counted
  @count = 0
  class << self
    attr_reader :count
    def new(*)
      @count += 1
      super
    end
  end
end
Counted.new
Counted.new
p Counted.count
p Class.new.new.class.class
