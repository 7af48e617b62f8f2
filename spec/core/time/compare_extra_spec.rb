# Time#<=>, ==, eql? and hash against Times, subclasses and other objects; Comparable, Ranges,
# sorting and Hash keys.
def t(s)
  r = yield
  puts "#{s} => #{r.inspect}"
rescue => e
  puts "#{s} !! #{e.class}: #{e.message}"
end

class Fuzzy
  def initialize(t) = @t = t
  def <=>(o) = o.is_a?(Time) ? @t.to_i <=> o.to_i : nil
end
class Loose
  def <=>(_) = "x"
end
class Big
  def <=>(_) = 5
end
class Flt
  def <=>(_) = 0.5
end
class Rev < Time
  def <=>(_) = 0
end

u = Time.utc(2000, 1, 2, 3, 4, 5.5)
t("u <=> u") { u <=> u }
t("u <=> u + 1") { u <=> u + 1 }
t("u <=> u - 1") { u <=> u - 1 }
t("u <=> u + 0.000000001") { u <=> u + 0.000000001 }
t("u <=> u.getlocal('+09:00')") { u <=> u.getlocal("+09:00") }
t("u <=> 'x'") { u <=> "x" }
t("u <=> 1") { u <=> 1 }
t("u <=> nil") { u <=> nil }
t("u <=> Fuzzy.new(u)") { u <=> Fuzzy.new(u) }
t("u <=> Fuzzy.new(u + 10)") { u <=> Fuzzy.new(u + 10) }
t("u <=> Loose.new") { u <=> Loose.new }
t("u <=> Big.new") { u <=> Big.new }
t("u <=> Flt.new") { u <=> Flt.new }
t("u == Fuzzy.new(u)") { u == Fuzzy.new(u) }
t("u == Loose.new") { u == Loose.new }
t("u == 'x'") { u == "x" }
t("u == nil") { u == nil }
t("u == u.dup") { u == u.dup }
t("u == u.getlocal('+09:00')") { u == u.getlocal("+09:00") }
t("u != u + 1") { u != u + 1 }
t("Rev.at(0) == Time.at(5)") { Rev.at(0) == Time.at(5) }
t("Time.at(5) == Rev.at(0)") { Time.at(5) == Rev.at(0) }
t("Rev.at(0).eql?(Time.at(5))") { Rev.at(0).eql?(Time.at(5)) }
t("u.method(:==).owner") { u.method(:==).owner }
t("u.eql?(u.getlocal('+09:00'))") { u.eql?(u.getlocal("+09:00")) }
t("u.eql?(Fuzzy.new(u))") { u.eql?(Fuzzy.new(u)) }
t("u.eql?(1)") { u.eql?(1) }
t("u.hash == u.getlocal('+01:00').hash") { u.hash == u.getlocal("+01:00").hash }
t("u.hash == (u + 1).hash") { u.hash == (u + 1).hash }
t("u < u + 1") { u < u + 1 }
t("u < 'x'") { u < "x" }
t("u > nil") { u > nil }
t("u <= 1") { u <= 1 }
t("u >= Object.new") { u >= Object.new }
t("u > Big.new") { u > Big.new }
t("u < Fuzzy.new(u + 10)") { u < Fuzzy.new(u + 10) }
t("u.between?(u - 1, u + 1)") { u.between?(u - 1, u + 1) }
t("u.between?(u + 1, u + 2)") { u.between?(u + 1, u + 2) }
t("u.clamp(u + 1, u + 2)") { u.clamp(u + 1, u + 2) }
t("u.clamp(u - 2, u - 1)") { u.clamp(u - 2, u - 1) }
t("u.clamp(u - 1, u + 1).equal?(u)") { u.clamp(u - 1, u + 1).equal?(u) }
t("u.clamp((u + 1)..(u + 2))") { u.clamp((u + 1)..(u + 2)) }
t("(u..(u + 10)).cover?(u + 5)") { (u..(u + 10)).cover?(u + 5) }
t("(u..(u + 10)).cover?(u + 11)") { (u..(u + 10)).cover?(u + 11) }
t("(u...(u + 10)).cover?(u + 10)") { (u...(u + 10)).cover?(u + 10) }
t("((u - 10)..u) === u") { ((u - 10)..u) === u }
t("(u..(u + 10)).to_a") { (u..(u + 10)).to_a }
t("(u..(u + 3)).step(1).first(2)") { (u..(u + 3)).step(1).first(2) }
a = [u + 3, u, u + 1, u.getlocal("+05:00") - 1]
t("a.sort") { a.sort }
t("a.min") { a.min }
t("a.max") { a.max }
t("a.minmax") { a.minmax }
t("a.sort { |x, y| y <=> x }") { a.sort { |x, y| y <=> x } }
t("a.sort_by(&:to_i)") { a.sort_by(&:to_i) }
t("a.max_by(&:hour)") { a.max_by(&:hour) }
t("[u, u.dup, u.getlocal('+01:00')].uniq.size") { [u, u.dup, u.getlocal("+01:00")].uniq.size }
h = {}
h[Time.utc(2000)] = 1
h[Time.utc(2000)] = 2
h[Time.at(946684800)] = 3
h[Time.at(946684800, 1, :nsec)] = 4
t("h") { h }
t("h[Time.new(2000, 1, 1, 9, 0, 0, '+09:00')]") { h[Time.new(2000, 1, 1, 9, 0, 0, "+09:00")] }
t("[u, u + 1, u].tally.values") { [u, u + 1, u].tally.values }
