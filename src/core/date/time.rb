# The `time` library, written for rubra: Time.parse and Time.strptime (on Date._parse and
# Date._strptime), Time.iso8601/xmlschema, Time.rfc2822/rfc822, Time.httpdate and the
# instance formats Time#rfc2822/rfc822 and Time#httpdate, with CRuby's ArgumentErrors.

class Time
  ZONE_OFFSETS = {
    "UTC" => 0, "Z" => 0, "UT" => 0, "GMT" => 0,
    "EST" => -5, "EDT" => -4, "CST" => -6, "CDT" => -5,
    "MST" => -7, "MDT" => -6, "PST" => -8, "PDT" => -7,
    "A" => 1, "B" => 2, "C" => 3, "D" => 4, "E" => 5, "F" => 6, "G" => 7, "H" => 8, "I" => 9,
    "K" => 10, "L" => 11, "M" => 12, "N" => -1, "O" => -2, "P" => -3, "Q" => -4, "R" => -5,
    "S" => -6, "T" => -7, "U" => -8, "V" => -9, "W" => -10, "X" => -11, "Y" => -12
  }.freeze
  MONTHS = %w[JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC].freeze

  class << self
    # The offset in seconds of a zone name or numeric offset ("+09:00", "-0500"), or nil.
    def zone_offset(zone, year = nil)
      z = zone.to_s.upcase
      if (m = z.match(/\A([-+])(\d\d)(?::?(\d\d))?(?::?(\d\d))?\z/))
        off = m[2].to_i * 3600 + m[3].to_i * 60 + m[4].to_i
        m[1] == "-" ? -off : off
      elsif ZONE_OFFSETS.key?(z)
        ZONE_OFFSETS[z] * 3600
      end
    end

    def __zone_utc?(zone)
      zone.to_s.match?(/\A(?:-00:00|-0000|-00|UTC|Z|UT)\z/i)
    end
    private :__zone_utc?

    # `t` moved into the zone the text named.
    def __force_zone(t, zone, off = nil)
      if __zone_utc?(zone)
        t.utc
      elsif (off ||= zone_offset(zone))
        t.localtime(off)
      else
        t.localtime
      end
    end
    private :__force_zone

    def __make_time(text, year, yday, mon, day, hour, min, sec, frac, zone, now)
      if !year && !yday && !mon && !day && !hour && !min && !sec && !frac
        raise ArgumentError, "no time information in #{text.inspect}"
      end
      off = nil
      off = zone_offset(zone, year || (now && now.year)) if zone && (year || now)
      if yday
        d = Date.ordinal(year || (now ? now.year : 1970), yday)
        mon = d.mon
        day = d.mday
      end
      if now
        now = off ? (now.utc_offset == off ? now : now.getlocal(off)) : now.getlocal
        usec = nil
        begin
          break if year; year = now.year
          break if mon; mon = now.mon
          break if day; day = now.day
          break if hour; hour = now.hour
          break if min; min = now.min
          break if sec; sec = now.sec
          break if frac; usec = now.subsec * 1_000_000
        end until true
      end
      year ||= 1970
      mon ||= 1
      day ||= 1
      hour ||= 0
      min ||= 0
      sec ||= 0
      usec ||= frac ? frac * 1_000_000 : 0
      off = zone_offset(zone, year) if zone
      if off
        t = utc(year, mon, day, hour, min, sec, usec) - off
        __force_zone(t, zone, off)
      else
        local(year, mon, day, hour, min, sec, usec)
      end
    end
    private :__make_time

    def parse(date, now = self.now)
      comp = !block_given?
      d = Date._parse(date, comp)
      year = d[:year]
      year = yield(year) if year && !comp
      __make_time(date, year, d[:yday], d[:mon], d[:mday], d[:hour], d[:min], d[:sec],
                  d[:sec_fraction], d[:zone], now)
    end

    def strptime(date, format, now = self.now)
      d = Date._strptime(date, format)
      raise ArgumentError, "invalid date or strptime format - '#{date}' '#{format}'" unless d
      if (seconds = d[:seconds])
        t = at(seconds + (d[:sec_fraction] || 0))
        return d[:zone] ? __force_zone(t, d[:zone], d[:offset]) : t
      end
      year = d[:year]
      year = yield(year) if year && block_given?
      yday = d[:yday]
      if (d[:cwyear] && !year) || ((d[:cwday] || d[:cweek]) && !(d[:mon] && d[:mday]))
        return Date.strptime(date, format).to_time
      end
      if (d[:wnum0] || d[:wnum1]) && !yday && !(d[:mon] && d[:mday])
        yday = Date.strptime(date, format).yday
      end
      __make_time(date, year, yday, d[:mon], d[:mday], d[:hour], d[:min], d[:sec],
                  d[:sec_fraction], d[:zone], now)
    end

    def xmlschema(time)
      re = /\A\s*(-?\d+)-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(\.\d+)?(Z|[+-]\d\d(?::?\d\d)?)?\s*\z/i
      m = time.to_s.match(re)
      raise ArgumentError, "invalid xmlschema format: #{time.inspect}" unless m
      year, mon, day, hour, min, sec = (1..6).map { |i| m[i].to_i }
      usec = m[7] ? Rational(m[7]) * 1_000_000 : 0
      if (zone = m[8])
        off = zone_offset(zone)
        __force_zone(utc(year, mon, day, hour, min, sec, usec) - off, zone, off)
      else
        local(year, mon, day, hour, min, sec, usec)
      end
    end
    alias iso8601 xmlschema

    def rfc2822(date)
      re = /\A\s*(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s*,\s*)?(\d{1,2})\s+(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+(\d{2,})\s+(\d{2})\s*:\s*(\d{2})(?:\s*:\s*(\d{2}))?\s+([+-]\d{4}|UT|GMT|EST|EDT|CST|CDT|MST|MDT|PST|PDT|[A-IK-Z])/i
      m = date.to_s.match(re)
      raise ArgumentError, "not RFC 2822 compliant date: #{date.inspect}" unless m
      year = m[3].to_i
      year += year < 50 ? 2000 : 1900 if m[3].size <= 3
      zone = m[7]
      off = zone_offset(zone)
      t = utc(year, MONTHS.index(m[2].upcase) + 1, m[1].to_i, m[4].to_i, m[5].to_i, m[6].to_i) - off
      __force_zone(t, zone, off)
    end
    alias rfc822 rfc2822

    def httpdate(date)
      s = date.to_s
      wd = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)"
      mo = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
      if s.match?(/\A\s*#{wd}, (\d{2}) #{mo} (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT\s*\z/i)
        rfc2822(s).utc
      elsif (m = s.match(/\A\s*(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\d\d)-#{mo}-(\d\d) (\d\d):(\d\d):(\d\d) GMT\s*\z/i))
        year = m[3].to_i
        year += year < 50 ? 2000 : 1900
        utc(year, MONTHS.index(m[2].upcase) + 1, m[1].to_i, m[4].to_i, m[5].to_i, m[6].to_i)
      elsif (m = s.match(/\A\s*#{wd} #{mo} (\d\d| \d) (\d\d):(\d\d):(\d\d) (\d{4})\s*\z/i))
        utc(m[6].to_i, MONTHS.index(m[1].upcase) + 1, m[2].to_i, m[3].to_i, m[4].to_i, m[5].to_i)
      else
        raise ArgumentError, "not RFC 2616 compliant date: #{date.inspect}"
      end
    end
  end

  def rfc2822
    strftime("%a, %d %b %Y %T ") << (utc? ? "-0000" : strftime("%z"))
  end
  alias rfc822 rfc2822

  def httpdate
    getutc.strftime("%a, %d %b %Y %T GMT")
  end
end
