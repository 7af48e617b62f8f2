# Attribute and index assignments as statements: the setter's value is dropped without the
# slot that keeps the assigned value for an expression, so every kind of setter must still be
# called with the right arguments, in order, and the surrounding values stay intact.

class Box
  attr_accessor :v
  attr_reader :log
  def initialize; @log = []; @h = {}; end
  def w=(x); @log << [:w, x]; :ignored; end
  def [](*k) = @h[k]
  def []=(*k, x); @log << [:aset, k, x]; @h[k] = x; :also_ignored; end
  private def secret=(x); @log << [:secret, x]; end
  def set_secret(x)
    self.secret = x
    nil
  end
  def method_missing(name, *args)
    if name.to_s.end_with?("=")
      @log << [:mm, name, args]
    else
      super
    end
  end
  def respond_to_missing?(*) = true
end

b = Box.new
b.v = 1
b.w = 2
b[1] = 3
b[1, 2] = 4
b[] = 5
b.set_secret(6)
b.anything = 7
p b.v, b.log

# the value of an assignment used as an expression is still the right-hand side
x = (b.w = 10)
y = (b[9] = 11)
z = [b.v = 12, b[8, 7] = 13]
p x, y, z, b.v

# Array and Hash fast paths, and a splatted index
a = [0, 0, 0]
h = {}
i = 0
while i < 3
  a[i] = i * 10
  h[i] = a[i] + 1
  i += 1
end
idx = [1]
a[*idx] = :splat
p a, h

# evaluation order: receiver, index, value
def t(tag, v) = (print(tag, " "); v)
t(:recv, a)[t(:index, 0)] = t(:value, 99)
t(:recv, b).v = t(:value, 100)
puts
p a[0], b.v

# safe navigation as a statement
n = nil
n&.v = 5
b&.v = 6
p b.v

# setters in blocks and after a rescue
[1, 2].each { |k| b[k] = k * 2 }
p b[1], b[2]
begin
  [].freeze[0] = 1
rescue => e
  p e.class
end
fh = {}.freeze
begin
  fh[:a] = 1
rescue => e
  p e.class
end
b.v = 42
p b.v
