# Class#new with a Ruby initialize: the new object is the call's value whatever initialize
# returns (an explicit return, a raise, a throw), super reaches the parent's initialize, and
# backtraces show no 'Class#new' frame (CRuby 4.0 runs new inline).
class Base
  attr_reader :log
  def initialize(a = :none, *rest)
    @log = [:base, a, rest]
  end
end
class Kid < Base
  def initialize(x, y = 2)
    super(x, y, 3)
    @log << :kid
    return :ignored if x == 1
    :also_ignored
  end
end
p Kid.new(1).log, Kid.new(5, 6).log, Base.new.log, Base.new(1, 2, 3).log
k = Kid.new(0)
p k.class, k.instance_variables
class Boom
  def initialize(n)
    raise ArgumentError, "bad #{n}" if n.negative?
    @n = n
  end
end
begin
  Boom.new(-1)
rescue => e
  p e.message, e.backtrace.first(2).map { |l| l[/'.*'/] }
end
def make(n) = Boom.new(n)
p make(3).instance_variable_get(:@n)
class Counted
  @count = 0
  class << self
    attr_accessor :count
  end
  def initialize
    self.class.count += 1
  end
end
10.times { Counted.new }
p Counted.count
x = catch(:out) do
  Class.new { def initialize = throw(:out, :thrown) }.new
  :not
end
p x
begin
  Kid.new
rescue ArgumentError => e
  p e.message, e.backtrace_locations.first.label
end
class WithBlock
  def initialize(&b) = (@v = b ? b.call : :none)
  attr_reader :v
end
p WithBlock.new.v, WithBlock.new { :given }.v
class KW
  def initialize(a, k: 1) = (@s = [a, k])
  attr_reader :s
end
p KW.new(1).s, KW.new(2, k: 3).s
class Custom
  def self.new(*) = :custom_new
end
p Custom.new(1)
class NoInit; end
p NoInit.new.class, (NoInit.new(1) rescue $!.message)
s = Struct.new(:a)
p s.new(4).a
class Later
  def initialize = (@v = 1)
  attr_reader :v
end
a = Later.new
class Later
  def initialize = (@v = 2)
end
p a.v, Later.new.v
class Later
  private def initialize = (@v = 3)
end
p Later.new.v
arr = Array.new(3) { Base.new(_1).log[1] }
p arr
p [1, 2].map { Kid.new(_1) }.map { _1.log.size }
