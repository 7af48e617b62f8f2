require "date"
d = Date.new(2001, 2, 3)
p d + 1, d - 1, d + 365, d - 400, d >> 1, d << 1, d >> 12, d << 25, d + 1/2r, d - 1.5
p Date.new(2001, 1, 31) >> 1, Date.new(2000, 1, 31) >> 1, Date.new(2001, 3, 31) << 1, Date.new(2000, 2, 29) >> 12
p d.next_day, d.prev_day, d.next_day(10), d.prev_day(3), d.next_month, d.prev_month(2), d.next_year, d.prev_year(4)
p d.next, d.succ, d - Date.new(2000, 1, 1), Date.new(2000, 1, 1) - d, (d - Date.new(2000, 1, 1)).class
p d <=> Date.new(2001, 2, 4), d <=> d, d <=> Date.new(2001, 2, 2), d == Date.new(2001, 2, 3), d != d + 1
p d === Date.new(2001, 2, 3), d === DateTime.new(2001, 2, 3, 12), d == DateTime.new(2001, 2, 3, 12), d < d + 1
p d.eql?(Date.new(2001, 2, 3)), d.hash == Date.new(2001, 2, 3).hash, { d => 1 }[Date.new(2001, 2, 3)], [d, d + 0].uniq.size
p d.step(d + 10, 3).map(&:day), d.step(d - 6, -2).map(&:to_s), d.upto(d + 3).map(&:mday), d.downto(d - 2).to_a.size
p (d..d + 5).map(&:wday), (d...d + 3).to_a.size, (d..d + 30).select(&:sunday?).map(&:day), [d + 2, d, d + 1].sort, [d, d + 5].max
p Date.new(1582, 10, 4) + 1, Date.new(1582, 10, 15) - 1, Date.new(1582, 10, 15) - Date.new(1582, 10, 4)
p d.to_s, d.inspect, d.iso8601, d.xmlschema, d.rfc3339, d.rfc2822, d.httpdate, d.jisx0301, d.ctime, d.asctime
p d.strftime, d.strftime("%Y/%m/%d %a %A %b %B %j %U %W %u %w %e %-d %y %C %G %V %z %Z %s %H:%M:%S %%"), d.strftime("%c | %x | %F %T")
p d.to_time, d.to_time.class, Time.utc(2001, 2, 3, 4, 5, 6).to_date, Time.at(0).to_date, d.to_date.equal?(d), d.to_datetime
p d.day_fraction, d.mjd, d.amjd, d.ld, d.gregorian?, Date.new(1000, 1, 1).julian?
case d
in {year: 2001, month: m, day:} then p [m, day]
end
x = d.dup
p x, x == d, x.frozen?
begin; d + "1"; rescue => e; p e.class, e.message; end
begin; d - "1"; rescue => e; p e.class; end
