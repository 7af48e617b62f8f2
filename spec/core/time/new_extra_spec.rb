# Time.new through initialize (subclasses that redefine it, allocate), the usec argument of
# Time.utc/local, whitespace around the string form, and UTC spelled as a negative zero offset.
def t(s)
  r = yield
  puts "#{s} => #{r.inspect}"
rescue => e
  puts "#{s} !! #{e.class}: #{e.message}"
end

class Stamp < Time
  def initialize(*a, **kw)
    super
    @tag = :set
  end
  attr_reader :tag
end

class Birthday < Time
  def initialize(year)
    super(year, 2, 3, 4, 5, 6, "+01:00")
  end
end

t("Stamp.new(2000, 1, 2)") { Stamp.new(2000, 1, 2) }
t("Stamp.new(2000, 1, 2).tag") { Stamp.new(2000, 1, 2).tag }
t("Stamp.new(2000, 1, 2).class") { Stamp.new(2000, 1, 2).class }
t("Stamp.new(2000, 1, 2, in: '+01:00')") { Stamp.new(2000, 1, 2, in: "+01:00") }
t("Stamp.new('2000-01-02 03:04:05 UTC')") { Stamp.new("2000-01-02 03:04:05 UTC") }
t("Stamp.new(2000, 13)") { Stamp.new(2000, 13) }
t("Stamp.new.tag") { Stamp.new.tag }
t("Stamp.at(0).tag") { Stamp.at(0).tag }
t("Stamp.now.tag") { Stamp.now.tag }
t("Stamp.utc(2000).tag") { Stamp.utc(2000).tag }
t("Birthday.new(2001)") { Birthday.new(2001) }
t("Birthday.new(2001).utc_offset") { Birthday.new(2001).utc_offset }
t("Birthday.new") { Birthday.new }
t("Time.allocate.class") { Time.allocate.class }
t("Time.new(2000).send(:initialize, 2001)") { Time.new(2000).send(:initialize, 2001) }
t("Time.private_instance_methods(false).include?(:initialize)") do
  Time.private_instance_methods(false).include?(:initialize)
end

t("Time.utc(2000, 1, 1, 2, 3, 4, 5)") { Time.utc(2000, 1, 1, 2, 3, 4, 5) }
t("Time.utc(2000, 1, 1, 2, 3, 4, 999_999)") { Time.utc(2000, 1, 1, 2, 3, 4, 999_999) }
t("Time.utc(2000, 1, 1, 2, 3, 4, 1_000_000)") { Time.utc(2000, 1, 1, 2, 3, 4, 1_000_000) }
t("Time.utc(2000, 1, 1, 2, 3, 4, -1)") { Time.utc(2000, 1, 1, 2, 3, 4, -1) }
t("Time.utc(2000, 1, 1, 0, 0, 1.5, 7)") { Time.utc(2000, 1, 1, 0, 0, 1.5, 7) }
t("Time.utc(2000, 1, 1, 0, 0, 1.5, 0)") { Time.utc(2000, 1, 1, 0, 0, 1.5, 0) }
t("Time.utc(2000, 1, 1, 0, 0, 1.5, nil)") { Time.utc(2000, 1, 1, 0, 0, 1.5, nil) }
t("Time.local(2000, 1, 1, 0, 0, 0, '250')") { Time.local(2000, 1, 1, 0, 0, 0, "250") }
t("Time.gm(2000, 1, 1, 0, 0, 0, 1.5)") { Time.gm(2000, 1, 1, 0, 0, 0, 1.5) }

t("Time.new('2000-01-02 03:04:05')") { Time.new("2000-01-02 03:04:05") }
t("Time.new(' 2000-01-02 03:04:05')") { Time.new(" 2000-01-02 03:04:05") }
t("Time.new('2000-01-02 03:04:05 ')") { Time.new("2000-01-02 03:04:05 ") }
t("Time.new(\"2000-01-02 03:04:05\\n\")") { Time.new("2000-01-02 03:04:05\n") }
t("Time.new(\"\\t2000\")") { Time.new("\t2000") }
t("Time.new('2000-01-02 03:04:05  +09:00')") { Time.new("2000-01-02 03:04:05  +09:00") }

%w[-00 -0000 -00:00 -00:00:00 -000000 +00 +0000 +00:00 utc Utc uTC UTC Z z -01].each do |z|
  t("Time.at(0, in: #{z.inspect})") { Time.at(0, in: z) }
  t("Time.at(0, in: #{z.inspect}).utc?") { Time.at(0, in: z).utc? }
end
t("Time.new(2000, 1, 1, 0, 0, 0, 'utc').zone") { Time.new(2000, 1, 1, 0, 0, 0, "utc").zone }
t("Time.utc(2000).getlocal('-00').utc?") { Time.utc(2000).getlocal("-00").utc? }
t("Time.new('2000-01-02 03:04:05 -00:00').utc?") { Time.new("2000-01-02 03:04:05 -00:00").utc? }

t("Time.at(0, 1, :usec).usec") { Time.at(0, 1, :usec).usec }
t("Time.at(0, 1, 'usec')") { Time.at(0, 1, "usec") }
t("Time.at(0, 1, nil)") { Time.at(0, 1, nil) }
t("Time.at(0, 1, :second)") { Time.at(0, 1, :second) }
t("Time.at(0, 1, 2)") { Time.at(0, 1, 2) }
t("Time.at") { Time.at }
t("Time.at(0, 1, :usec, 4)") { Time.at(0, 1, :usec, 4) }
t("Time.at(1.5, in: 'UTC')") { Time.at(1.5, in: "UTC") }
t("Time.at(0, 1.5, :millisecond, in: 'UTC')") { Time.at(0, 1.5, :millisecond, in: "UTC") }
