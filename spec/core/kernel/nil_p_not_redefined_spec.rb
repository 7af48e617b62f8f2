# `x.nil?` and `!x` answered inline until a program changes the methods (opt_nil_p, opt_not)
class Plain; end
class Bare < BasicObject; end

values = [nil, false, true, 0, 1.5, "s", :sym, [], {}, 1..2, Plain.new, Plain]
p values.map { |v| v.nil? }
p values.map { |v| !v }
p values.map { |v| v.nil? ? 1 : 2 }
p values.map { |v| (not v) }

# a BasicObject instance has `!` but no `nil?`
b = Bare.new
p(!b)
begin
  b.nil?
rescue NoMethodError => e
  p e.class
end

# a user class's own nil? and ! are called
class Nullish
  def nil? = true
  def ! = :bang
end
n = Nullish.new
p n.nil?, !n, (n.nil? ? :yes : :no)

# redefining on core classes changes every later call
def check
  [nil.nil?, 3.nil?, "x".nil?, !3, !nil, ![]]
end
p check
class Integer
  def nil? = :integer_nil
  def ! = :integer_not
end
p check
class NilClass
  def nil? = :nil_nil
end
p check
class Array
  def ! = :array_not
end
p check

# removing one makes the call fail like any missing method
class String
  undef_method :nil?
end
begin
  "x".nil?
rescue NoMethodError => e
  puts e.message
end
p :sym.nil?

