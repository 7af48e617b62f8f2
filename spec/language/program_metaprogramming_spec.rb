# A program mixing included hooks, method_missing, define_method, Class.new, singleton classes and proc arity
module Validations
  def self.included(base) = base.extend(ClassMethods)
  module ClassMethods
    def validates(*attrs) = (@validated ||= []).concat(attrs)
    def validated = @validated || []
  end
  def valid? = self.class.validated.all? { |a| !send(a).nil? }
end
class User
  include Validations
  validates :name, :email
  attr_accessor :name, :email
  def initialize(**opts) = opts.each { |k, v| instance_variable_set("@#{k}", v) }
  def method_missing(name, *args)
    return "dynamic #{name}" if name.to_s.start_with?("get_")
    super
  end
  def respond_to_missing?(name, priv = false) = name.to_s.start_with?("get_") || super
end
u = User.new(name: "ann", email: "a@x")
p u.valid?, User.new(name: "bob").valid?, User.validated
p u.get_thing, u.respond_to?(:get_x), u.respond_to?(:other)
begin
  u.unknown_thing
rescue NoMethodError => e
  puts e.message
end
class User
  %w[admin guest].each do |role|
    define_method("#{role}?") { @role == role }
  end
  def role=(r)
    @role = r
  end
end
u.role = "admin"
p u.admin?, u.guest?, User.instance_methods(false).sort.first(4)
klass = Class.new do
  define_method(:hi) { |x = 1| "hi #{x}" }
end
p klass.new.hi, klass.new.hi(2), klass.name.nil?
Named = klass
p Named.name, Named.new.class
p u.instance_variables, u.public_send(:name), u.then { _1.email.upcase }
obj = Object.new
class << obj
  def greet = "singleton greet"
  attr_accessor :mood
end
obj.mood = :happy
p obj.greet, obj.mood, obj.singleton_class.instance_methods(false).sort
p 5.frozen?, "lit".frozen?, :s.frozen?, [].frozen?, nil.to_a, Comparable.instance_method(:between?).owner
counter = 0
increment = -> { counter += 1 }
3.times { increment.() }
p counter
def block_to_proc(&blk) = blk
pr = block_to_proc { |a, b| [a, b] }
p pr.call(1), pr.call(1, 2, 3), pr.arity, pr.lambda?, pr.parameters
add = proc { |a, b| (a || 0) + (b || 0) }
p add.(1), add.(1, 2), add.([3, 4])
p [[1, 2], [3, 4]].map { |a, b| a * b }, {a: 1}.map { |k, v| "#{k}=#{v}" }
