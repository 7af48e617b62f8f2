# Marshal of Time: CRuby's `_dump` bytes (8 packed bytes, a year extension, the variables
# nano_num/nano_den/submicro/offset/zone) and the round trip of UTC, fixed-offset and local times
# with exact fractions of a second.

def bytes_of(t)
  s = Marshal.dump(t)
  puts s.inspect
  s
end

def round_trip(t)
  s = bytes_of(t)
  u = Marshal.load(s)
  p [u, u.class, u.utc?, u.zone, u.utc_offset, u.subsec, u.nsec, u == t, u.to_r == t.to_r]
  p Marshal.dump(u) == s
end

round_trip Time.at(0).utc
round_trip Time.at(1700000000, 123456789, :nsec).utc
round_trip Time.at(1700000000, 123456789, :nsec)
round_trip Time.at(1700000000, in: "+09:00")
round_trip Time.at(1700000000.5, in: "-03:30")
round_trip Time.at(Rational(1, 3)).utc
round_trip Time.at(1.1).utc
round_trip Time.at(-1.25).utc
round_trip Time.at(1700000000, 123456, :usec).utc
round_trip Time.at(1700000000, 123456780, :nsec).utc
round_trip Time.at(1700000000, 5, :nsec).utc
round_trip Time.utc(1850, 1, 1)
round_trip Time.utc(-5, 3, 4, 5, 6, 7)
round_trip Time.utc(100000, 5, 6, 7, 8, 9)
round_trip Time.utc(67435, 12, 31, 23, 59, 59)
round_trip Time.utc(1900, 1, 1)
round_trip Time.utc(2000, 2, 29, 12, 30, 45.5r)
round_trip Time.new(2024, 6, 30, 23, 59, 59, "+05:30")

t = Time.at(5).utc
t.instance_variable_set(:@foo, [1, "x"])
round_trip t
u = Marshal.load(Marshal.dump(t))
p u.instance_variable_get(:@foo)

# links: the same Time twice is one object
a = Marshal.load(bytes_of([t, t, "s"]))
p a[0].equal?(a[1]), a[0]

# a subclass keeps its class
class MyTime < Time; end
m = MyTime.at(7).utc
round_trip m

# the data methods themselves
d = Time.at(0).utc.send(:_dump)
p d.bytes, d.encoding
p Time.send(:_load, d)
p Time.private_instance_methods(false).include?(:_dump)
p Time.singleton_class.private_instance_methods(false).include?(:_load)

# an old-style dump (seconds, microseconds) loads as local time
begin
  p Marshal.load("\x04\bu:\tTime\r" + [10, 20].pack("VV")).to_r
rescue => e
  p e
end
begin
  Marshal.load("\x04\bu:\tTime\x06abc")
rescue => e
  p e.class, e.message
end

# a loaded local time is a fixed offset that keeps its zone name through arithmetic
u = Marshal.load(Marshal.dump(Time.at(1700000000)))
p u.zone, (u + 1).zone, (u - 1).zone, u.round.zone, u.utc_offset, (u + 1).utc?
v = Time.at(1700000000, in: "+09:00")
p (v + 1).zone

# two Times in one zone share its name: the second links to the first's string
s = Marshal.dump([Time.at(0).utc, Time.at(1).utc, Time.at(2, in: "+01:00")])
p s
t = Marshal.load(s)
p t, t.map(&:zone)
t = Marshal.load("\x04\b[\bIu:\tTime\r \x80\x11\xC0\x00\x00\x00\x00\x06:\tzoneI\"\bUTC\x06:\x06EFIu;\x00\r \x80\x11\xC0\x00\x00\x10\x00\x06;\x06@\x06Iu;\x00\r \x80\x11\x80\x00\x00 \x00\a:\voffseti\x02\x10\x0E;\x060")
p t, t.map(&:zone)
# a _load string whose variables hold objects: links after it keep their numbers
class Pt
  attr_reader :x
  def initialize(x) = @x = x
  def _dump(_) = "p".tap { |d| d.instance_variable_set(:@x, @x) }
  def self._load(d) = new(d.instance_variable_get(:@x))
end
a = Marshal.load(Marshal.dump([Pt.new("q"), "r", Pt.new([1]), "r"]))
p a.map { |e| e.is_a?(Pt) ? e.x : e }
