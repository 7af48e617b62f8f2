# Including Comparable in a user class
class Version
  include Comparable
  attr_reader :major, :minor
  def initialize(s)
    parts = s.split(".")
    @major = Integer(parts[0])
    @minor = Integer(parts[1])
  end
  def <=>(o) = [major, minor] <=> [o.major, o.minor]
  def to_s = "#{major}.#{minor}"
  def inspect = "v#{self}"
end
a = Version.new("1.2")
b = Version.new("1.10")
c = Version.new("1.2")
p a < b
p a <= c
p a == c
p a > b
p a >= c
p a != b
p a.between?(c, b)
p b.clamp(a, c)
p [b, a, Version.new("0.9")].sort
p [b, a].min
p [a, b].max
p a.clamp(Version.new("2.0"), Version.new("3.0"))
