# public / private / protected and their error messages
class Account
  def initialize(b) = @balance = b
  def show = "balance #{balance}"
  def >(other) = balance > other.balance
  def try_private(other) = other.secret
  def self_private = self.secret
  protected
  def balance = @balance
  private
  def secret = :secret
  public
  def open = :open
end
a = Account.new(10)
b = Account.new(5)
p a.show
p a > b
p a.open
p a.self_private
begin
  a.balance
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
begin
  a.secret
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
begin
  a.try_private(b)
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
p a.send(:secret)
begin
  a.public_send(:secret)
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
p a.respond_to?(:secret)
p a.respond_to?(:secret, true)
p Account.private_instance_methods(false).sort
p Account.protected_instance_methods(false)
p Account.public_instance_methods(false).sort
class Other
  private def inline_private = 1
  def uses = inline_private
  def helper = 2
  def helper2 = 3
  private :helper, :helper2
  public :helper2
  def self.cm = :cm
  private_class_method :cm
end
p Other.new.uses
p Other.private_method_defined?(:helper)
p Other.public_method_defined?(:helper2)
begin
  Other.cm
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
def top_level_method = :top
p top_level_method
begin
  Object.new.top_level_method
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
begin
  nil.foo
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
class Priv
  private
  attr_accessor :hidden
  public
  def set = (self.hidden = 5) && hidden
end
p Priv.new.set
begin
  Priv.new.hidden
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
begin
  Account.new
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
begin
  Account.new(1).initialize(2)
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
