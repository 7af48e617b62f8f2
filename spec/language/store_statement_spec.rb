# Assignments in statement position (their value unused): `@x = v`, a local captured by a block
# and a plain local, including when the store raises, when the object is frozen part-way, when a
# branch ends in the store, and when a loop jumps back to just after it.

class Point
  def initialize
    @x = 1
    @y = 2
  end

  def set_both(a, b)
    @x = a
    @y = b
    nil
  end

  def cond_set(flag)
    if flag
      @x = :then
    else
      @y = :else
    end
    [@x, @y]
  end

  def loop_set(n)
    i = 0
    while i < n
      @x = i
      i += 1
    end
    @x
  end

  def new_ivar
    @z = 3
    @z
  end

  attr_reader :x, :y
end

pt = Point.new
p pt.set_both(10, 20), pt.x, pt.y
p pt.cond_set(true), pt.cond_set(false)
p pt.loop_set(5), pt.loop_set(0)
p pt.new_ivar

pt.freeze
begin
  pt.set_both(1, 2)
rescue FrozenError => e
  p e.class, e.message.sub(/0x\h+/, "XX")
end
p pt.x

# a frozen object reached after some stores
class Half
  def run
    @a = 1
    freeze
    @b = 2
  rescue => e
    [e.class, @a, defined?(@b)]
  end
end
p Half.new.run

# blocks storing to captured locals and ivars
total = 0
seen = nil
[1, 2, 3].each do |v|
  total = total + v
  seen = v
end
p total, seen

class Acc
  def initialize; @sum = 0; end
  def add_all(list)
    list.each { |v| @sum = @sum + v }
    @sum
  end
end
p Acc.new.add_all([4, 5, 6])

# store as the last statement of a method: the value is the method's result
class Last
  def set; @v = 42; end
  def set_local; w = 7; end
end
p Last.new.set, Last.new.set_local

# stores to ivars of a class (not a plain Object) and of main
class Meta
  @count = 0
  def self.bump
    @count = @count + 1
    @count
  end
end
p Meta.bump, Meta.bump
@top = :main_ivar
p @top

# a store followed by a label (the target of a loop's jump) keeps its own pop
k = 0
until k >= 3
  k += 1
  last = k
end
p k, last
