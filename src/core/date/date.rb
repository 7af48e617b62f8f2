# Date and DateTime (`require "date"`), written for rubra: the calendar (Julian before the
# calendar reform day `start`, Gregorian from it), arithmetic, comparison and formats. strftime is
# Time's formatter (core/strftime.rs) reached through Date.__strftime; parsing is in parse.rb.
#
# A Date holds its local Julian day number @jd, the local time of day @df (an exact number of
# seconds in 0...86400, 0 for a plain Date), the offset from UTC @of (seconds) and the reform day
# @sg (a Float, as Date#start answers).

class Date
  include Comparable

  class Error < ArgumentError; end

  ITALY = 2299161
  ENGLAND = 2361222
  JULIAN = Float::INFINITY
  GREGORIAN = -Float::INFINITY

  MONTHNAMES = [nil, "January", "February", "March", "April", "May", "June", "July",
                "August", "September", "October", "November", "December"].freeze
  ABBR_MONTHNAMES = [nil, "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
                     "Oct", "Nov", "Dec"].freeze
  DAYNAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
              "Saturday"].freeze
  ABBR_DAYNAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].freeze

  # ---- the calendar ----

  # The Julian day number of y-m-d in the Gregorian (greg) or Julian calendar.
  def self.__civil_jd(y, m, d, greg)
    if m <= 2
      y -= 1
      m += 12
    end
    b = 0
    if greg
      a = y.div(100)
      b = 2 - a + a.div(4)
    end
    (1461 * (y + 4716)).div(4) + (306001 * (m + 1)).div(10000) + d + b - 1524
  end

  # [year, month, day] of a Julian day number, in the calendar `sg` chooses.
  def self.__jd_civil(jd, sg)
    a = jd
    if jd >= sg
      x = (4 * jd - 7468865).div(146097)
      a = jd + 1 + x - x.div(4)
    end
    b = a + 1524
    c = (20 * b - 2442).div(7305)
    d = (1461 * c).div(4)
    e = ((b - d) * 10000).div(306001)
    dom = b - d - (306001 * e).div(10000)
    e <= 13 ? [c - 4716, e - 1, dom] : [c - 4715, e - 13, dom]
  end

  # The Julian day number of a valid civil date (negative month and day count from the end),
  # or nil.
  def self.__valid_civil(y, m, d, sg)
    return nil unless y.is_a?(Integer) && m.is_a?(Integer) && d.is_a?(Integer)
    m += 13 if m < 0
    return nil if m < 1 || m > 12
    if d < 0
      last = 31
      last -= 1 until last < 28 || __valid_civil(y, m, last, sg)
      return nil if last < 28
      d = last + d + 1
      return nil if d < 1
    end
    return nil if d < 1 || d > 31
    jd = __civil_jd(y, m, d, true)
    jd = __civil_jd(y, m, d, false) if jd < sg
    __jd_civil(jd, sg) == [y, m, d] ? jd : nil
  end

  def self.__valid_ordinal(y, yd, sg)
    return nil unless y.is_a?(Integer) && yd.is_a?(Integer)
    if yd < 0
      last = __valid_civil(y, 12, -1, sg)
      first = __valid_civil(y, 1, 1, sg)
      return nil unless last && first
      yd = last - first + 1 + yd + 1
    end
    first = __valid_civil(y, 1, 1, sg) or return nil
    jd = first + yd - 1
    __jd_civil(jd, sg)[0] == y && yd >= 1 ? jd : nil
  end

  # The Julian day of ISO week-based year y, week w, weekday d (1 Monday .. 7 Sunday).
  def self.__valid_commercial(y, w, d, sg)
    return nil unless y.is_a?(Integer) && w.is_a?(Integer) && d.is_a?(Integer)
    d += 8 if d < 0
    return nil if d < 1 || d > 7
    jan4 = __valid_civil(y, 1, 4, sg) or return nil
    monday1 = jan4 - jan4 % 7
    if w < 0
      nxt = __valid_commercial(y + 1, 1, 1, sg) or return nil
      w = (nxt - monday1) / 7 + w + 1
    end
    jd = monday1 + (w - 1) * 7 + (d - 1)
    __commercial(jd, sg) == [y, w, d] ? jd : nil
  end

  # [cwyear, cweek, cwday] of a Julian day.
  def self.__commercial(jd, sg)
    y = __jd_civil(jd + 3, sg)[0]
    jan4 = __civil_jd_any(y, 1, 4, sg)
    monday1 = jan4 - (jan4 % 7)
    if jd < monday1
      y -= 1
      jan4 = __civil_jd_any(y, 1, 4, sg)
      monday1 = jan4 - (jan4 % 7)
    end
    [y, (jd - monday1) / 7 + 1, jd % 7 + 1]
  end

  def self.__civil_jd_any(y, m, d, sg)
    jd = __civil_jd(y, m, d, true)
    jd < sg ? __civil_jd(y, m, d, false) : jd
  end

  def self.__start(sg)
    return ITALY.to_f if sg.nil?
    sg = sg.to_f
    return ITALY.to_f if sg.nan? || (sg.finite? && (sg < 2298874 || sg > 2426355))
    sg
  end

  def self.__month(m)
    Integer === m ? m : Integer(m)
  end

  # ---- class methods ----

  class << self
    def valid_civil?(y, m, d, sg = ITALY)
      !__valid_civil(y, m, d, __start(sg)).nil?
    end
    alias valid_date? valid_civil?

    def valid_jd?(jd, sg = ITALY)
      jd.is_a?(Numeric)
    end

    def valid_ordinal?(y, d, sg = ITALY)
      !__valid_ordinal(y, d, __start(sg)).nil?
    end

    def valid_commercial?(y, w, d, sg = ITALY)
      !__valid_commercial(y, w, d, __start(sg)).nil?
    end

    def gregorian_leap?(y)
      raise TypeError, "invalid year (not numeric)" unless y.is_a?(Numeric)
      (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
    end
    alias leap? gregorian_leap?

    def julian_leap?(y)
      raise TypeError, "invalid year (not numeric)" unless y.is_a?(Numeric)
      y % 4 == 0
    end

    def civil(y = -4712, m = 1, d = 1, sg = ITALY)
      raise TypeError, "invalid year (not numeric)" unless y.is_a?(Numeric)
      raise TypeError, "invalid month (not numeric)" unless m.is_a?(Numeric)
      raise TypeError, "invalid day (not numeric)" unless d.is_a?(Numeric)
      sg = __start(sg)
      fd = d - d.floor
      jd = __valid_civil(y.to_i, m.to_i, d.floor, sg)
      raise Error, "invalid date" unless jd
      __make(jd, fd * 86400, 0, sg)
    end

    def jd(jd = 0, sg = ITALY)
      raise TypeError, "invalid jd (not numeric)" unless jd.is_a?(Numeric)
      __make(jd.floor, (jd - jd.floor) * 86400, 0, __start(sg))
    end

    def ordinal(y = -4712, d = 1, sg = ITALY)
      sg = __start(sg)
      jd = __valid_ordinal(y, d, sg)
      raise Error, "invalid date" unless jd
      __make(jd, 0, 0, sg)
    end

    def commercial(y = -4712, w = 1, d = 1, sg = ITALY)
      sg = __start(sg)
      jd = __valid_commercial(y, w, d, sg)
      raise Error, "invalid date" unless jd
      __make(jd, 0, 0, sg)
    end

    def today(sg = ITALY)
      t = Time.now
      civil(t.year, t.mon, t.mday, sg)
    end

    # A new object of this class at local day jd, df seconds into it, at offset of.
    def __make(jd, df, of, sg)
      o = allocate
      o.__send__(:__set, jd, df, of, sg)
      o
    end
    private :__make
  end

  def self.new(*args)
    civil(*args)
  end

  def __set(jd, df, of, sg)
    if df != 0
      jd += df.div(86400)
      df = df.modulo(86400)
    end
    df = df.to_i if df.is_a?(Rational) && df.denominator == 1
    df = df.to_r if df.is_a?(Float)
    @jd = jd
    @df = df
    @of = of
    @sg = sg
    @civil = nil
  end
  private :__set

  # ---- fields ----

  def __civil
    @civil ||= Date.__jd_civil(@jd, @sg)
  end
  private :__civil

  def start = @sg
  def jd = @jd
  def year = __civil[0]
  def mon = __civil[1]
  alias month mon
  def mday = __civil[2]
  alias day mday
  def wday = (@jd + 1) % 7
  def yday = @jd - Date.__civil_jd_any(year, 1, 1, @sg) + 1
  def cwyear = Date.__commercial(@jd, @sg)[0]
  def cweek = Date.__commercial(@jd, @sg)[1]
  def cwday = Date.__commercial(@jd, @sg)[2]
  def mjd = @jd - 2400001
  def ld = @jd - 2299160
  def day_fraction = @df == 0 && instance_of?(Date) ? 0 : Rational(@df, 86400)

  # Exact seconds since Julian day 0 at UTC.
  def __utc_seconds
    @jd * 86400 + @df - @of
  end
  protected :__utc_seconds

  def ajd
    Rational(__utc_seconds, 86400) - Rational(1, 2)
  end

  def amjd
    ajd - Rational(4800001, 2)
  end

  def leap?
    y = year
    @jd >= @sg ? Date.gregorian_leap?(y) : y % 4 == 0
  end

  def julian? = @jd < @sg
  def gregorian? = !julian?

  DAYNAMES.each_with_index do |n, i|
    define_method("#{n.downcase}?") { wday == i }
  end

  # ---- arithmetic ----

  def +(n)
    case n
    when Integer
      self.class.__send__(:__make, @jd + n, @df, @of, @sg)
    when Rational, Float
      raise TypeError, "expected numeric" unless n.finite? || n.is_a?(Rational)
      self.class.__send__(:__make, @jd, @df + n.to_r * 86400, @of, @sg)
    when Numeric
      self + n.to_r
    else
      raise TypeError, "expected numeric"
    end
  end

  def -(x)
    case x
    when Date
      Rational(__utc_seconds - x.__utc_seconds, 86400)
    when Numeric
      self + -x
    else
      raise TypeError, "expected numeric"
    end
  end

  def >>(n)
    raise TypeError, "expected numeric" unless n.is_a?(Numeric)
    t = year * 12 + (mon - 1) + n.to_i
    y = t.div(12)
    m = t % 12 + 1
    d = mday
    jd = nil
    d -= 1 until (jd = Date.__valid_civil(y, m, d, @sg)) || d < 1
    raise Error, "invalid date" unless jd
    self.class.__send__(:__make, jd, @df, @of, @sg)
  end

  def <<(n)
    raise TypeError, "expected numeric" unless n.is_a?(Numeric)
    self >> -n
  end

  def next_day(n = 1) = self + n
  def prev_day(n = 1) = self - n
  def next_month(n = 1) = self >> n
  def prev_month(n = 1) = self << n
  def next_year(n = 1) = self >> n * 12
  def prev_year(n = 1) = self << n * 12
  def next = next_day
  alias succ next

  def <=>(o)
    case o
    when Date then __utc_seconds <=> o.__utc_seconds
    when Numeric then ajd <=> o
    end
  end

  def ==(o)
    return false unless o.is_a?(Date) || o.is_a?(Numeric)
    (self <=> o) == 0
  end

  def ===(o)
    case o
    when Date then jd == o.jd
    when Numeric then jd == o.to_i
    else false
    end
  end

  def eql?(o)
    o.is_a?(Date) && __utc_seconds == o.__utc_seconds
  end

  def hash
    __utc_seconds.hash
  end

  def step(limit, by = 1)
    return to_enum(:step, limit, by) unless block_given?
    raise ArgumentError, "step can't be 0" if by == 0
    d = self
    if by > 0
      while d <= limit
        yield d
        d += by
      end
    else
      while d >= limit
        yield d
        d += by
      end
    end
    self
  end

  def upto(max, &blk)
    return to_enum(:upto, max) unless blk
    step(max, 1, &blk)
  end

  def downto(min, &blk)
    return to_enum(:downto, min) unless blk
    step(min, -1, &blk)
  end

  # ---- conversions and formats ----

  def __sec_parts
    s = @df.floor
    [s / 3600, s / 60 % 60, s % 60, ((@df - s) * 1_000_000_000).floor]
  end
  private :__sec_parts

  def __zone
    a = @of.abs
    format("%s%02d:%02d", @of < 0 ? "-" : "+", a / 3600, a / 60 % 60)
  end
  private :__zone

  def strftime(fmt = "%F")
    h, mi, s, ns = __sec_parts
    epoch = (@jd - 2440588) * 86400 + @df.floor - @of
    Date.__strftime(fmt, year, mon, mday, h, mi, s, wday, yday, ns, epoch, @of, __zone)
  end

  def to_s = strftime("%Y-%m-%d")
  def iso8601 = strftime("%Y-%m-%d")
  alias xmlschema iso8601
  def rfc3339 = strftime("%Y-%m-%dT%H:%M:%S%:z")
  def rfc2822 = strftime("%a, %-d %b %Y %T %z")
  alias rfc822 rfc2822
  def httpdate = new_offset(0).strftime("%a, %d %b %Y %T GMT")
  def jisx0301
    y = year
    era, base = if @jd >= 2458605 then ["R", 2018]
                elsif @jd >= 2447535 then ["H", 1988]
                elsif @jd >= 2424875 then ["S", 1925]
                elsif @jd >= 2419614 then ["T", 1911]
                elsif @jd >= 2405160 then ["M", 1867]
                end
    return strftime("%Y-%m-%d") unless era
    format("%s%02d", era, y - base) + strftime(".%m.%d")
  end
  def asctime = strftime("%a %b %e %H:%M:%S %Y")
  alias ctime asctime

  def new_offset(of = 0)
    of = DateTime.__offset_arg(of)
    self.class.__send__(:__make, @jd, @df - @of + of, of, @sg)
  end
  private :new_offset

  def inspect
    u = __utc_seconds
    j = u.div(86400)
    r = u - j * 86400
    s = r.floor
    ns = ((r - s) * 1_000_000_000)
    ns = ns.to_i if ns.is_a?(Rational) && ns.denominator == 1
    sg = @sg.finite? ? @sg.to_i.to_s : (@sg > 0 ? "Inf" : "-Inf")
    "#<#{self.class}: #{to_s} ((#{j}j,#{s}s,#{ns.is_a?(Integer) ? ns : ns.to_f}n),#{format('%+d', @of)}s,#{sg}j)>"
  end

  def to_date = self

  def to_datetime
    DateTime.__send__(:__make, @jd, @df, @of, @sg)
  end

  def to_time
    Time.local(year, mon, mday)
  end

  def deconstruct_keys(keys)
    h = {year: year, month: mon, day: mday, yday: yday, wday: wday}
    keys ? h.slice(*keys) : h
  end

  def marshal_dump = [@jd, @df, @of, @sg]
  def marshal_load(a) = __set(*a)
  def initialize_copy(o)
    __set(o.jd, o.__send__(:__df), o.__send__(:__of), o.start)
  end
  def __df = @df
  def __of = @of
  private :__df, :__of
end

class DateTime < Date
  # The offset in seconds of an offset argument: a Rational fraction of a day or a string.
  def self.__offset_arg(of)
    case of
    when String
      m = of.match(/\A\s*(?:(?<z>z|utc|gmt)|(?<s>[+-])(?<h>\d{1,2})(?::?(?<m>\d{2}))?(?::?(?<sec>\d{2}))?)\s*\z/i)
      return 0 unless m
      return 0 if m[:z]
      v = m[:h].to_i * 3600 + m[:m].to_i * 60 + m[:sec].to_i
      m[:s] == "-" ? -v : v
    when Numeric
      raise Date::Error, "invalid offset" if of.abs > 1
      (of * 86400).round
    else
      raise TypeError, "invalid offset"
    end
  end

  class << self
    def civil(y = -4712, m = 1, d = 1, h = 0, mi = 0, s = 0, of = 0, sg = Date::ITALY)
      [[y, "year"], [m, "month"], [d, "day"], [h, "hour"], [mi, "minute"], [s, "second"]].each do |v, n|
        raise TypeError, "invalid #{n} (not numeric)" unless v.is_a?(Numeric)
      end
      sg = Date.__start(sg)
      jd = Date.__valid_civil(y.to_i, m.to_i, d.to_i, sg)
      raise Date::Error, "invalid date" unless jd
      h += 24 if h < 0
      mi += 60 if mi < 0
      s += 60 if s < 0
      raise Date::Error, "invalid date" if h > 24 || mi > 59 || s >= 60 || h < 0 || mi < 0 || s < 0
      off = __offset_arg(of)
      s = s.to_r if s.is_a?(Float)
      __make(jd, h * 3600 + mi * 60 + s, off, sg)
    end

    def new(*args)
      civil(*args)
    end

    def jd(jd = 0, h = 0, mi = 0, s = 0, of = 0, sg = Date::ITALY)
      j = jd.floor
      df = (jd - j).to_r * 86400 + h * 3600 + mi * 60 + s
      __make(j, df, __offset_arg(of), Date.__start(sg))
    end

    def now(sg = Date::ITALY)
      t = Time.now
      t.to_datetime
    end
  end

  def hour = @df.floor / 3600
  def min = @df.floor / 60 % 60
  alias minute min
  def sec = @df.floor % 60
  alias second sec
  def sec_fraction = (@df - @df.floor).to_r
  alias second_fraction sec_fraction
  def offset = Rational(@of, 86400)
  def zone = __send__(:__zone)

  public :new_offset

  def to_s = strftime("%Y-%m-%dT%H:%M:%S%:z")

  def strftime(fmt = "%FT%T%:z")
    super(fmt)
  end

  def iso8601(n = 0)
    n = n.to_i
    frac = n > 0 ? "." + format("%0#{n}d", (sec_fraction * 10**n).floor) : ""
    strftime("%Y-%m-%dT%H:%M:%S") + frac + strftime("%:z")
  end
  alias xmlschema iso8601
  alias rfc3339 iso8601

  def jisx0301(n = 0)
    to_date.jisx0301 + iso8601(n)[10..]
  end

  def to_date
    Date.__send__(:__make, @jd, 0, 0, @sg)
  end

  def to_datetime = self

  def to_time
    Time.at(Rational(__utc_seconds - 2440588 * 86400), in: @of)
  end

  def deconstruct_keys(keys)
    h = {year: year, month: mon, day: mday, yday: yday, wday: wday, hour: hour, min: min,
         sec: sec, sec_fraction: sec_fraction, zone: zone}
    keys ? h.slice(*keys) : h
  end
end

class Time
  def to_date
    Date.civil(year, mon, mday)
  end

  def to_datetime
    s = sec + subsec
    DateTime.__send__(:__make, Date.__civil_jd(year, mon, mday, true),
                      hour * 3600 + min * 60 + s, utc_offset, Date::ITALY.to_f)
  end

  def to_time = self
end
