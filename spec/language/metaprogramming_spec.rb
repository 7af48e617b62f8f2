# send, public_send, define_method, instance_variable_get/set, instance_eval, class_eval
class Robot
  def initialize = @power = 10
  %w[walk talk].each do |action|
    define_method("#{action}!") { "#{action}ing" }
  end
  define_method(:add) { |a, b = 1| a + b }
  private def secret = :s
end
r = Robot.new
p r.walk!
p r.talk!
p r.add(1)
p r.add(1, 5)
p r.send(:add, 2, 3)
p r.__send__(:walk!)
p r.send("secret")
p r.instance_variable_get(:@power)
r.instance_variable_set(:@power, 99)
p r.instance_variable_get("@power")
p r.instance_variable_defined?(:@power)
p r.instance_variable_get(:@nothing)
p r.instance_variables
p r.instance_eval { @power + 1 }
Robot.class_eval do
  def dance = "dancing"
end
p r.dance
p Robot.method_defined?(:dance)
Robot.send(:define_method, :fly) { :flying }
p r.fly
p r.public_send(:fly)
p r.respond_to?(:walk!)
p Robot.instance_method(:add).arity
m = r.method(:add)
p m.call(10)
p r.methods.include?(:talk!)
klass = Class.new do
  attr_accessor :v
  define_method(:initialize) { |v| @v = v }
end
p klass.new(3).v
p 5.send(:+, 4)
p [1, 2, 3].send(:map) { _1 * 3 }
begin
  r.instance_variable_get("bad")
rescue NameError => e
  puts "NameError: #{e.message}"
end
obj = Object.new
obj.define_singleton_method(:sing) { |x| x * 2 }
p obj.sing(4)
p Robot.instance_methods(false).sort
p r.singleton_methods
