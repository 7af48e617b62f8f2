# Date's parsers, written for rubra: Date._parse (free-form text: ISO 8601, RFC 2822, HTTP dates,
# "Feb 3 2001", "3rd Feb 2001", "2001/02/03", "02/03/2001", "20010203", times with am/pm and
# zones), Date._strptime (a strptime format), Date._iso8601, and the constructors on them
# (Date.parse/strptime/iso8601, DateTime.parse/strptime/iso8601). Each parser answers a Hash of
# the fields it found, as CRuby's do.

class Date
  ZONES = {
    "utc" => 0, "ut" => 0, "gmt" => 0, "z" => 0, "est" => -5, "edt" => -4, "cst" => -6,
    "cdt" => -5, "mst" => -7, "mdt" => -6, "pst" => -8, "pdt" => -7, "akst" => -9, "akdt" => -8,
    "hst" => -10, "jst" => 9, "kst" => 9, "cet" => 1, "cest" => 2, "eet" => 2, "eest" => 3,
    "wet" => 0, "west" => 1, "bst" => 1, "ist" => 5.5, "msk" => 3, "aest" => 10, "aedt" => 11,
    "acst" => 9.5, "awst" => 8, "nzst" => 12, "nzdt" => 13, "hkt" => 8, "sgt" => 8,
    "met" => 1, "mest" => 2, "mez" => 1, "mesz" => 2, "ast" => -4, "adt" => -3,
    "nst" => -3.5, "ndt" => -2.5, "brt" => -3, "art" => -3, "wib" => 7
  }.freeze

  MONTH_RE = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[[:alpha:]]*\.?/i
  WDAY_RE = /\b(sun|mon|tue|wed|thu|fri|sat)[[:alpha:]]*\.?/i
  ZONE_RE = /(?:\b(?:utc|gmt|ut)?\s*[-+]\d{1,2}(?::?\d{2}(?::?\d{2})?)?\b|\b[a-z]{1,4}(?:\s+(?:standard|daylight)\s+time)?\b|\b(?:utc|gmt)\b)/i

  # The offset in seconds a zone string names, or nil.
  def self.zone_to_diff(zone)
    z = zone.strip.downcase
    dst = z.sub!(/\s+(standard|daylight)\s+time\z/, "") && $1 == "daylight"
    if ZONES.key?(z)
      v = (ZONES[z] * 3600).to_i
      return dst ? v + 3600 : v
    end
    if z.size == 1 && z =~ /[a-ik-z]/
      c = z.ord
      return 0 if z == "z"
      return (c - 96) * 3600 if c <= 105
      return (c - 97) * 3600 if c <= 109
      return -(c - 109) * 3600
    end
    m = z.match(/\A(?:utc|gmt|ut)?\s*([-+])(\d{1,2})(?::?(\d{2}))?(?::?(\d{2}))?\z/) or
      m = z.match(/\A(?:utc|gmt|ut)?\s*([-+])(\d+)[.,](\d+)\z/)
    return nil unless m
    if m[0] =~ /[.,]/
      v = Rational("#{m[2]}.#{m[3]}") * 3600
      v = v.to_i if v.denominator == 1
    elsif m[3].nil? && m[2].size > 2
      d = m[2]
      v = d[0, d.size - 2].to_i * 3600 + d[-2, 2].to_i * 60
    else
      v = m[2].to_i * 3600 + m[3].to_i * 60 + m[4].to_i
    end
    m[1] == "-" ? -v : v
  end

  def self.__year2(y, str, comp)
    comp && str && str =~ /\A\d{2}\z/ ? (y >= 69 ? y + 1900 : y + 2000) : y
  end

  def self.__month_num(name)
    ABBR_MONTHNAMES.index { |n| n && n.casecmp?(name[0, 3]) }
  end

  def self._parse(str, comp = true, limit: 128)
    unless str.respond_to?(:to_str)
      raise TypeError, "no implicit conversion of #{str.nil? || str == true || str == false ? str.inspect : str.class} into String"
    end
    str = str.to_str
    raise ArgumentError, "string length (#{str.size}) exceeds the limit #{limit}" if limit && str.size > limit
    h = {}
    s = str.gsub(/[^-+',.\/:@[:alnum:]\[\]]+/, " ")
    s = s.dup

    if (m = s.match(WDAY_RE))
      h[:wday] = ABBR_DAYNAMES.index { |n| n.casecmp?(m[1]) }
      s[m.begin(0), m[0].size] = " " * m[0].size
    end

    # a time of day, with seconds, a fraction, am/pm and a zone
    tre = /(\d{1,2}):(\d{2})(?::(\d{2})(?:[,.](\d+))?)?(?:\s*([ap])\.?m\b\.?)?(?:\s*(#{ZONE_RE.source}))?|(\d{1,2})\s*([ap])\.?m\b\.?(?:\s*(#{ZONE_RE.source}))?/i
    if (m = s.match(tre))
      if m[1]
        h[:hour] = m[1].to_i
        h[:min] = m[2].to_i
        h[:sec] = m[3].to_i if m[3]
        h[:sec_fraction] = Rational(m[4].to_i, 10**m[4].size) if m[4]
        ap, zone = m[5], m[6]
      else
        h[:hour] = m[7].to_i
        ap, zone = m[8], m[9]
      end
      if ap
        h[:hour] = h[:hour] % 12 + (ap.downcase == "p" ? 12 : 0)
      end
      if zone && !zone.strip.empty? && !(zone =~ /\A[a-z]+\z/i && !zone_to_diff(zone))
        h[:zone] = zone.strip
        h[:offset] = zone_to_diff(zone)
      end
      s[m.begin(0), m[0].size] = " " * m[0].size
    end

    if (m = s.match(/([-+]?\d{2,}|-)-(\d{2})-(\d{2})(?!\d)|\b(\d{4})-(\d{3})\b|\b(\d{4})-w(\d{2})-(\d)\b/i))
      if m[1]
        h[:year] = __year2(m[1].to_i, m[1], comp) unless m[1] == "-"
        h[:mon] = m[2].to_i
        h[:mday] = m[3].to_i
      elsif m[4]
        h[:year] = m[4].to_i
        h[:yday] = m[5].to_i
      else
        h[:cwyear] = m[6].to_i
        h[:cweek] = m[7].to_i
        h[:cwday] = m[8].to_i
      end
      s[m.begin(0), m[0].size] = " " * m[0].size
    elsif (m = s.match(/('?[-+]?\d+)\/\s*('?\d+)(?:\D\s*('?-?\d+))?/))
      a, b, c = m[1], m[2], m[3]
      if c.nil?
        if (mm = s.match(MONTH_RE)) && false
        else
          h[:mon] = a.to_i
          h[:mday] = b.to_i
        end
      elsif a.delete("'").size > 2 || a.start_with?("'")
        h[:year] = __year2(a.delete("'").to_i, a.delete("'"), comp && !a.start_with?("'"))
        h[:mon] = b.to_i
        h[:mday] = c.to_i
      else
        h[:mday] = a.to_i
        h[:mon] = b.to_i
        h[:year] = __year2(c.delete("'").to_i, c.delete("'"), comp && !c.start_with?("'"))
      end
      s[m.begin(0), m[0].size] = " " * m[0].size
    elsif (m = s.match(/('?-?\d+)\s*\.\s*('?\d+)\s*\.\s*('?-?\d+)/))
      a, b, c = m[1], m[2], m[3]
      if a.size > 2
        h[:year] = a.to_i
        h[:mon] = b.to_i
        h[:mday] = c.to_i
      else
        h[:mday] = a.to_i
        h[:mon] = b.to_i
        h[:year] = __year2(c.to_i, c, comp)
      end
      s[m.begin(0), m[0].size] = " " * m[0].size
    elsif (m = s.match(MONTH_RE))
      h[:mon] = __month_num(m[1])
      before = s[0, m.begin(0)]
      after = s[m.end(0)..]
      if (d = before.match(/('?-?\d+)(?:st|nd|rd|th)?\b\s*\z/i))
        h[:mday] = d[1].to_i
        if (y = after.match(/\A[\s,]*(?:(bc|bce|b\.c\.)\s*)?('?-?\d+)\b/i)) && !after.match(/\A[\s,]*\d+:/)
          y2 = y[2].delete("'")
          h[:year] = __year2(y2.to_i, y2, comp && !y[2].start_with?("'"))
          h[:year] = -h[:year] + 1 if y[1]
        end
      elsif (d = after.match(/\A[\s,]*('?\d+)(?:st|nd|rd|th)?\b(?:[\s,]*(?:(bc|bce|b\.c\.)\s*)?('?-?\d+)\b)?/i))
        h[:mday] = d[1].to_i
        if d[3]
          y2 = d[3].delete("'")
          h[:year] = __year2(y2.to_i, y2, comp && !d[3].start_with?("'"))
          h[:year] = -h[:year] + 1 if d[2]
        end
      end
    elsif (m = s.match(/\b(\d{2,14})(?:t(\d{2,6})(z|[-+]\d{2,4})?)?\b/i))
      d = m[1]
      case d.size
      when 2 then h[:mday] = d.to_i
      when 4
        if h[:hour]
          h[:year] = d.to_i
        else
          h[:mon] = d[0, 2].to_i
          h[:mday] = d[2, 2].to_i
        end
      when 6
        h[:year] = __year2(d[0, 2].to_i, d[0, 2], comp)
        h[:mon] = d[2, 2].to_i
        h[:mday] = d[4, 2].to_i
      when 8, 10, 12, 14
        h[:year] = d[0, 4].to_i
        h[:mon] = d[4, 2].to_i
        h[:mday] = d[6, 2].to_i
        h[:hour] = d[8, 2].to_i if d.size >= 10
        h[:min] = d[10, 2].to_i if d.size >= 12
        h[:sec] = d[12, 2].to_i if d.size >= 14
      when 3 then h[:yday] = d.to_i
      when 5
        h[:year] = __year2(d[0, 2].to_i, d[0, 2], comp)
        h[:yday] = d[2, 3].to_i
      when 7
        h[:year] = d[0, 4].to_i
        h[:yday] = d[4, 3].to_i
      end
      if (t = m[2])
        h[:hour] = t[0, 2].to_i
        h[:min] = t[2, 2].to_i if t.size >= 4
        h[:sec] = t[4, 2].to_i if t.size >= 6
      end
      if m[3]
        h[:zone] = m[3]
        h[:offset] = zone_to_diff(m[3])
      end
      s[m.begin(0), m[0].size] = " " * m[0].size
    end

    if !h.key?(:zone) && (m = s.match(/(?:\A|\s)(z|utc|gmt|[a-z]{3,4}|[-+]\d{2}:?\d{2})(?=\s|\z)/i)) && zone_to_diff(m[1])
      h[:zone] = m[1]
      h[:offset] = zone_to_diff(m[1])
    end
    h
  end

  # [jd, seconds into the day, offset] of a parsed Hash (fields the text lacks from today), or nil.
  def self.__complete(h, sg, time: false)
    today = Date.today
    if h[:seconds]
      s = h[:seconds] + (h[:offset] || 0)
      return [2440588 + s.div(86400), s % 86400, h[:offset] || 0]
    end
    jd =
      if h[:yday]
        __valid_ordinal(h[:year] || today.year, h[:yday], sg)
      elsif h[:year] || h[:mon] || h[:mday]
        y = h[:year] || today.year
        m = h[:mon] || (h[:year] ? 1 : today.mon)
        __valid_civil(y, m, h[:mday] || 1, sg)
      elsif h[:cwyear] || h[:cweek]
        __valid_commercial(h[:cwyear] || today.cwyear, h[:cweek] || 1, h[:cwday] || 1, sg)
      elsif h[:wday]
        today.jd - today.cwday + (h[:wday].zero? ? 7 : h[:wday])
      elsif h[:hour] || h[:min] || h[:sec]
        today.jd
      end
    return nil unless jd
    return [jd, 0, 0] unless time
    hour = h[:hour] || 0
    min = h[:min] || 0
    sec = h[:sec] || 0
    sec = 59 if sec == 60
    return nil if hour > 24 || min > 59 || sec > 59
    [jd, hour * 3600 + min * 60 + sec + (h[:sec_fraction] || 0), h[:offset] || 0]
  end

  def self.__from_hash(h, sg, time)
    raise Error, "invalid date" if h.nil? || h.empty?
    r = __complete(h, __start(sg), time: time)
    raise Error, "invalid date" unless r
    __make(r[0], r[1], r[2], __start(sg))
  end
  private_class_method :__from_hash

  def self.parse(str = "-4712-01-01", comp = true, sg = ITALY, limit: 128)
    __from_hash(_parse(str, comp, limit: limit), sg, false)
  end

  # ---- strptime ----

  def self._strptime(str, fmt = "%F")
    h = {}
    pos = __strptime(str, fmt, 0, h)
    return nil unless pos
    h[:leftover] = str[pos..] if pos < str.size
    if (c = h.delete(:_cent))
      h[:year] = c * 100 + h[:year] % 100 if h[:year]
    end
    if (ap = h.delete(:_merid)) && h[:hour]
      h[:hour] = h[:hour] % 12 + ap
    end
    h
  end

  NUM_WIDTH = { "Y" => nil, "C" => 2, "y" => 2, "m" => 2, "d" => 2, "e" => 2, "j" => 3, "H" => 2,
                "k" => 2, "I" => 2, "l" => 2, "M" => 2, "S" => 2, "u" => 1, "w" => 1, "U" => 2,
                "W" => 2, "V" => 2, "G" => nil, "g" => 2 }.freeze
  COMPOSITE = { "T" => "%H:%M:%S", "D" => "%m/%d/%y", "F" => "%Y-%m-%d", "R" => "%H:%M",
                "r" => "%I:%M:%S %p", "c" => "%a %b %e %H:%M:%S %Y", "x" => "%m/%d/%y",
                "X" => "%H:%M:%S", "v" => "%e-%b-%Y", "+" => "%a %b %e %H:%M:%S %Z %Y" }.freeze

  def self.__strptime(str, fmt, pos, h)
    i = 0
    while i < fmt.size
      c = fmt[i]
      if c =~ /\s/
        pos += 1 while pos < str.size && str[pos] =~ /\s/
        i += 1
        next
      end
      if c != "%" || i + 1 >= fmt.size
        return nil unless str[pos] == c
        pos += 1
        i += 1
        next
      end
      i += 1
      i += 1 while "-_0^#".include?(fmt[i]) && i + 1 < fmt.size
      i += 1 if (fmt[i] == "E" || fmt[i] == "O") && i + 1 < fmt.size
      i += 1 if fmt[i] == ":" && i + 1 < fmt.size
      d = fmt[i]
      i += 1
      rest = str[pos..] || ""
      if (sub = COMPOSITE[d])
        pos = __strptime(str, sub, pos, h) or return nil
        next
      end
      if NUM_WIDTH.key?(d)
        w = NUM_WIDTH[d]
        w = nil if %w[Y G].include?(d)
        m = rest.match(w ? /\A\s*[-+]?\d{1,#{w}}/ : /\A[-+]?\d+/)
        m = rest.match(/\A\s*\d{1,2}/) if d == "e" || d == "k" || d == "l"
        return nil unless m
        v = m[0].to_i
        case d
        when "Y" then h[:year] = v
        when "C" then h[:_cent] = v
        when "y"
          h[:year] = v >= 69 ? v + 1900 : v + 2000
        when "m" then return nil unless (1..12).cover?(v); h[:mon] = v
        when "d", "e" then return nil unless (1..31).cover?(v); h[:mday] = v
        when "j" then return nil unless (1..366).cover?(v); h[:yday] = v
        when "H", "k" then return nil unless (0..24).cover?(v); h[:hour] = v
        when "I", "l" then return nil unless (1..12).cover?(v); h[:hour] = v
        when "M" then return nil unless (0..59).cover?(v); h[:min] = v
        when "S" then return nil unless (0..60).cover?(v); h[:sec] = v
        when "u" then h[:cwday] = v
        when "w" then h[:wday] = v
        when "U" then h[:wnum0] = v
        when "W" then h[:wnum1] = v
        when "V" then h[:cweek] = v
        when "G" then h[:cwyear] = v
        when "g" then h[:cwyear] = v >= 69 ? v + 1900 : v + 2000
        end
        pos += m[0].size
        next
      end
      case d
      when "B", "b", "h"
        m = rest.match(/\A(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i) or return nil
        h[:mon] = __month_num(m[0])
      when "A", "a"
        m = rest.match(/\A(sunday|monday|tuesday|wednesday|thursday|friday|saturday|sun|mon|tue|wed|thu|fri|sat)/i) or return nil
        h[:wday] = ABBR_DAYNAMES.index { |n| n.casecmp?(m[0][0, 3]) }
      when "p", "P"
        m = rest.match(/\A([ap])(?:m\b|\.m\.)/i) or return nil
        h[:_merid] = m[1].downcase == "p" ? 12 : 0
      when "L", "N"
        m = rest.match(/\A\d+/) or return nil
        h[:sec_fraction] = Rational(m[0].to_i, 10**m[0].size)
      when "s"
        m = rest.match(/\A-?\d+/) or return nil
        h[:seconds] = m[0].to_i
      when "Q"
        m = rest.match(/\A-?\d+/) or return nil
        h[:seconds] = Rational(m[0].to_i, 1000)
      when "z", "Z"
        m = rest.match(/\A(?:z\b|utc|gmt|(?:utc|gmt)?[-+]\d{1,2}(?::?\d{2}(?::?\d{2})?)?|[a-z]{1,4}(?:\s+(?:standard|daylight)\s+time)?\b)/i) or return nil
        h[:zone] = m[0]
        h[:offset] = zone_to_diff(m[0])
      when "n", "t"
        m = rest.match(/\A\s+/) or return nil
      when "%"
        m = rest.match(/\A%/) or return nil
      else
        m = rest.match(/\A#{Regexp.escape("%" + d)}/) or return nil
      end
      pos += m[0].size
    end
    pos
  end
  private_class_method :__strptime

  def self.strptime(str = "-4712-01-01", fmt = "%F", sg = ITALY)
    h = _strptime(str, fmt)
    raise Error, "invalid date" if h.nil? || h.key?(:leftover)
    __from_hash(h, sg, false)
  end

  # ---- ISO 8601 and the other standard formats ----

  def self._iso8601(str, limit: 128)
    h = {}
    s = str.to_s.strip
    if (m = s.match(/\A([-+]?\d{4,})-(\d{2})-(\d{2})(?:[T\s](\d{2}):(\d{2})(?::(\d{2})(?:[,.](\d+))?)?\s*(z|[-+]\d{2}(?::?\d{2})?)?)?\z/i)) ||
       (m = s.match(/\A([-+]?\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(?:(\d{2})(?:[,.](\d+))?)?\s*(z|[-+]\d{2}(?::?\d{2})?)?)?\z/i))
      h[:year] = m[1].to_i
      h[:mon] = m[2].to_i
      h[:mday] = m[3].to_i
      if m[4]
        h[:hour] = m[4].to_i
        h[:min] = m[5].to_i
        h[:sec] = m[6].to_i if m[6]
        h[:sec_fraction] = Rational(m[7].to_i, 10**m[7].size) if m[7]
      end
      if m[8]
        h[:zone] = m[8]
        h[:offset] = zone_to_diff(m[8])
      end
    elsif (m = s.match(/\A([-+]?\d{4})-(\d{3})\z/))
      h[:year] = m[1].to_i
      h[:yday] = m[2].to_i
    elsif (m = s.match(/\A([-+]?\d{4})-w(\d{2})-(\d)\z/i))
      h[:cwyear] = m[1].to_i
      h[:cweek] = m[2].to_i
      h[:cwday] = m[3].to_i
    end
    h
  end

  def self.iso8601(str = "-4712-01-01", sg = ITALY, limit: 128)
    __from_hash(_iso8601(str, limit: limit), sg, false)
  end

  def self._rfc3339(str, limit: 128)
    return {} unless str =~ /\A\s*-?\d{4}-\d{2}-\d{2}[T\s]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:z|[-+]\d{2}:\d{2})\s*\z/i
    _iso8601(str)
  end

  def self.rfc3339(str = "-4712-01-01T00:00:00+00:00", sg = ITALY, limit: 128)
    __from_hash(_rfc3339(str), sg, false)
  end

  def self._xmlschema(str, limit: 128) = _iso8601(str)
  def self.xmlschema(str = "-4712-01-01", sg = ITALY, limit: 128)
    __from_hash(_iso8601(str), sg, false)
  end

  def self._rfc2822(str, limit: 128)
    re = /\A\s*(?:(sun|mon|tue|wed|thu|fri|sat)\s*,\s*)?(\d{1,2})\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\s+(-?\d{2,})\s+(\d{2}):(\d{2})(?::(\d{2}))?\s*([-+]\d{4}|ut|gmt|e[sd]t|c[sd]t|m[sd]t|p[sd]t|[a-ik-z])\s*\z/i
    m = str.to_s.match(re) or return {}
    h = {}
    h[:wday] = ABBR_DAYNAMES.index { |n| n.casecmp?(m[1]) } if m[1]
    h[:mday] = m[2].to_i
    h[:mon] = __month_num(m[3])
    y = m[4].to_i
    y += (y >= 50 ? 1900 : 2000) if m[4].size < 4
    h[:year] = y
    h[:hour] = m[5].to_i
    h[:min] = m[6].to_i
    h[:sec] = m[7].to_i if m[7]
    h[:zone] = m[8]
    h[:offset] = zone_to_diff(m[8])
    h
  end
  class << self
    alias _rfc822 _rfc2822
  end

  def self.rfc2822(str = "Mon, 1 Jan -4712 00:00:00 +0000", sg = ITALY, limit: 128)
    __from_hash(_rfc2822(str), sg, false)
  end
  class << self
    alias rfc822 rfc2822
  end

  def self._httpdate(str, limit: 128)
    s = str.to_s
    if (m = s.match(/\A\s*(sun|mon|tue|wed|thu|fri|sat)\s*,\s*(\d{2})\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\s+(-?\d{4})\s+(\d{2}):(\d{2}):(\d{2})\s+(gmt)\s*\z/i))
      { wday: ABBR_DAYNAMES.index { |n| n.casecmp?(m[1]) }, mday: m[2].to_i, mon: __month_num(m[3]),
        year: m[4].to_i, hour: m[5].to_i, min: m[6].to_i, sec: m[7].to_i, zone: m[8], offset: 0 }
    elsif (m = s.match(/\A\s*(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\s*,\s*(\d{2})\s*-\s*(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\s*-\s*(\d{2})\s+(\d{2}):(\d{2}):(\d{2})\s+(gmt)\s*\z/i))
      y = m[4].to_i
      { wday: ABBR_DAYNAMES.index { |n| n.casecmp?(m[1][0, 3]) }, mday: m[2].to_i, mon: __month_num(m[3]),
        year: y + (y >= 50 ? 1900 : 2000), hour: m[5].to_i, min: m[6].to_i, sec: m[7].to_i, zone: m[8], offset: 0 }
    elsif (m = s.match(/\A\s*(sun|mon|tue|wed|thu|fri|sat)\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\s+(\d{1,2})\s+(\d{2}):(\d{2}):(\d{2})\s+(\d{4})\s*\z/i))
      { wday: ABBR_DAYNAMES.index { |n| n.casecmp?(m[1]) }, mon: __month_num(m[2]), mday: m[3].to_i,
        hour: m[4].to_i, min: m[5].to_i, sec: m[6].to_i, year: m[7].to_i }
    else
      {}
    end
  end

  def self.httpdate(str = "Mon, 01 Jan -4712 00:00:00 GMT", sg = ITALY, limit: 128)
    __from_hash(_httpdate(str), sg, false)
  end
end

class DateTime
  def self.parse(str = "-4712-01-01T00:00:00+00:00", comp = true, sg = Date::ITALY, limit: 128)
    __from_hash(_parse(str, comp, limit: limit), sg, true)
  end

  def self.strptime(str = "-4712-01-01T00:00:00+00:00", fmt = "%FT%T%z", sg = Date::ITALY)
    h = _strptime(str, fmt)
    raise Date::Error, "invalid date" if h.nil? || h.key?(:leftover)
    __from_hash(h, sg, true)
  end

  def self.iso8601(str = "-4712-01-01T00:00:00+00:00", sg = Date::ITALY, limit: 128)
    __from_hash(_iso8601(str), sg, true)
  end

  def self.rfc3339(str = "-4712-01-01T00:00:00+00:00", sg = Date::ITALY, limit: 128)
    __from_hash(_rfc3339(str), sg, true)
  end

  def self.xmlschema(str = "-4712-01-01T00:00:00+00:00", sg = Date::ITALY, limit: 128)
    __from_hash(_iso8601(str), sg, true)
  end

  def self.rfc2822(str = "Mon, 1 Jan -4712 00:00:00 +0000", sg = Date::ITALY, limit: 128)
    __from_hash(_rfc2822(str), sg, true)
  end

  def self.httpdate(str = "Mon, 01 Jan -4712 00:00:00 GMT", sg = Date::ITALY, limit: 128)
    __from_hash(_httpdate(str), sg, true)
  end
end
