# The one-line forms of the grammar issue: defs with a body on the parameters' line, singleton
# defs on an ivar, quoted alias/undef names, special globals as targets, for with a trailing comma.
$stdout.sync = true
class A
  def to_ary() ["a", "b"] end
  def self.cmeth() :cmeth end
  def []=(k, v) [k, v] end
  def m1 = :m1
  alias :"m2" :"m1"
  def meth = 1
  undef :'meth'
end
@obj = Object.new
def @obj.special() :the_one end
p A.new.to_ary, A.cmeth, @obj.special, A.new.m2, A.new.respond_to?(:meth)
@a, $/ = $/, "\n"
p @a
p Hash[a: 1, b: 2]
x = 6/5r; y = 3i
p x, y
for i, in [[1, 2]]; end
p i
[0, 1] => [a, b]
p a, b
t = {year: 2024}
p(case t; in {year: 2024} then 1; end)
def r = (return [2, 3].inject 0 do |a, b| a + b end)
p r
BEGIN { puts 1 }
