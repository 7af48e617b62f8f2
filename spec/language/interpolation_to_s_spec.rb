# String interpolation converts each part with to_s: fixnums are formatted directly only while
# Integer#to_s is the builtin method; a to_s that interpolates, raises or returns a non-String
# behaves as in CRuby.
n = 42
p "a#{n}b#{-7}c#{0}d#{2**62 - 1}e#{-2**62}f#{2**64}"
p "#{1.5} #{nil} #{:sym} #{true} #{[1, "x"]} #{{a: 1}}"

class Pt
  def initialize(x, y) = (@x, @y = x, y)
  def to_s = "(#{@x}, #{@y})"
end
p "point #{Pt.new(1, Pt.new(2, 3))} done"

class NotStr
  def to_s = 5
end
s = "v=#{NotStr.new}"
p s.start_with?("v=#<NotStr:0x")

class Boom
  def to_s = raise(ArgumentError, "boom #{self.class}")
end
begin
  "x#{Boom.new}y"
rescue ArgumentError => e
  p e.message
end
p "after #{n}"

big = "z" * 5000
t = "#{big}#{n}"
p t.size, t[-3..]
p "#{n}#{n}".size

class Integer
  alias_method :orig_to_s, :to_s
  def to_s(*a) = "<#{orig_to_s(*a)}>"
end
p "now #{n} and #{2**70}"
class Integer
  alias_method :to_s, :orig_to_s
end
p "back #{n}"
p "#{n}".encoding, "#{n}".frozen?
