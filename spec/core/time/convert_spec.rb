# How Time's constructors and arithmetic convert their arguments: month names through to_str,
# fields through to_int, seconds through CRuby's num_exact (to_r for numerics that also have
# to_int, else to_int), and the errors for everything else.
def t(s)
  r = yield
  puts "#{s} => #{r.inspect}"
rescue => e
  puts "#{s} !! #{e.class}: #{e.message}"
end

class MonthName
  def to_str = "mar"
end
class Four
  def to_int = 4
end
class Offset
  def to_str = "+03:00"
end
class ThreeHalves
  def to_r = Rational(3, 2)
  def to_int = 1
end
class OnlyToR
  def to_r = Rational(3, 2)
end
class BadInt
  def to_int = "x"
end

u = Time.utc(2000)
t("Time.utc(2000, MonthName.new)") { Time.utc(2000, MonthName.new) }
t("Time.utc(2000, Four.new, Four.new)") { Time.utc(2000, Four.new, Four.new) }
t("Time.utc(Four.new)") { Time.utc(Four.new) }
t("Time.new(2000, 1, 1, 0, 0, Four.new)") { Time.new(2000, 1, 1, 0, 0, Four.new) }
t("Time.utc(2000, 1, 1, 0, 0, 0, Four.new)") { Time.utc(2000, 1, 1, 0, 0, 0, Four.new) }
t("Time.new(2000, 1, 1, 0, 0, 0, Offset.new)") { Time.new(2000, 1, 1, 0, 0, 0, Offset.new) }
t("Time.at(0, in: Offset.new)") { Time.at(0, in: Offset.new) }
t("u.getlocal(Offset.new)") { u.getlocal(Offset.new) }
t("Time.utc(2000, 'mar ')") { Time.utc(2000, "mar ") }
t("Time.utc(2000, 'March')") { Time.utc(2000, "March") }
t("Time.utc(2000, 'MAR')") { Time.utc(2000, "MAR") }
t("Time.utc(2000, '')") { Time.utc(2000, "") }
t("Time.utc(2000, :mar)") { Time.utc(2000, :mar) }
t("Time.utc(2000, 2**64)") { Time.utc(2000, 2**64) }
t("Time.utc(2000, 1, 2**64)") { Time.utc(2000, 1, 2**64) }
t("Time.utc(2000, 1, 1, 0, 0, 2**64)") { Time.utc(2000, 1, 1, 0, 0, 2**64) }
t("Time.utc(2000, 1, 1, 0, 0, -1)") { Time.utc(2000, 1, 1, 0, 0, -1) }
t("u + ThreeHalves.new") { u + ThreeHalves.new }
t("u - ThreeHalves.new") { u - ThreeHalves.new }
t("u + OnlyToR.new") { u + OnlyToR.new }
t("u + Four.new") { u + Four.new }
t("u + BadInt.new") { u + BadInt.new }
t("Time.at(ThreeHalves.new).utc") { Time.at(ThreeHalves.new).utc }
t("Time.at(OnlyToR.new)") { Time.at(OnlyToR.new) }
t("Time.at(0, ThreeHalves.new).utc.nsec") { Time.at(0, ThreeHalves.new).utc.nsec }
t("u + Time") { u + Time }
t("u + :a") { u + :a }
t("u + true") { u + true }
t("u + '1'") { u + "1" }
t("Time.at('0')") { Time.at("0") }
t("Time.at(nil)") { Time.at(nil) }
