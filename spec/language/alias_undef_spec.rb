# alias, alias_method, undef, undef_method, remove_method
class Greeter
  def hello = "hello"
  alias hi hello
  alias_method :hey, :hello
  alias :yo :hello
  def hello = "HELLO (redefined)"
end
g = Greeter.new
p g.hello
p g.hi
p g.hey
p g.yo
class Base
  def a = :base_a
  def b = :base_b
end
class Derived < Base
  def a = :derived_a
  undef_method :b
end
class Derived2 < Base
  def a = :derived2_a
  remove_method :a
end
p Derived.new.a
begin
  Derived.new.b
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
p Derived2.new.a
class Greeter
  undef hey
end
p g.respond_to?(:hey)
begin
  g.hey
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
$old = 1
alias $new_name $old
p $new_name
$new_name = 2
p $old
p Greeter.instance_method(:hi).name
p Greeter.public_method_defined?(:yo)
class Greeter
  p alias_method(:another, :hi)
end
begin
  class Greeter
    alias_method :bad, :nonexistent
  end
rescue NameError => e
  puts "NameError: #{e.message}"
end
