# method_missing and respond_to_missing?
class Ghost
  def method_missing(name, *args, &blk)
    if name.to_s.length > 3 && name.to_s[0, 4] == "get_"
      "got #{name.to_s[4..]} #{args.inspect}#{blk ? ' with block' : ''}"
    else
      super
    end
  end
  def respond_to_missing?(name, include_private = false)
    (name.to_s[0, 4] == "get_") || super
  end
end
g = Ghost.new
p g.get_name
p g.get_x(1, 2)
p g.get_y { }
p g.respond_to?(:get_anything)
p g.respond_to?(:other)
p g.method(:get_z).call
begin
  g.unknown
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
  p e.name
  p e.args
end
class Recorder
  def initialize = @calls = []
  attr_reader :calls
  def method_missing(name, *args)
    @calls << [name, args]
    self
  end
  def respond_to_missing?(*) = true
end
r = Recorder.new
r.foo.bar(1).baz(2, 3)
p r.calls
p r.respond_to?(:anything)
class Proxy < BasicObject
  def initialize(t) = @t = t
  def method_missing(n, *a, &b)
    ::Kernel.puts "proxy: #{n}"
    @t.__send__(n, *a, &b)
  end
end
px = Proxy.new([3, 1, 2])
p px.sort
p px.size
begin
  undefined_top_level_thing
rescue NameError => e
  puts "#{e.class}: #{e.message}"
end
begin
  undefined_top_level_call()
rescue NameError => e
  puts "#{e.class}: #{e.message}"
end
begin
  self.undefined_self_call
rescue NameError => e
  puts "#{e.class}: #{e.message}"
end
