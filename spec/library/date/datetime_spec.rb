require "date"
dt = DateTime.new(2001, 2, 3, 4, 5, 6, "+09:00")
p dt, dt.to_s, dt.hour, dt.min, dt.minute, dt.sec, dt.second, dt.offset, dt.zone, dt.sec_fraction, dt.jd, dt.day
p dt.strftime, dt.strftime("%Y-%m-%d %H:%M:%S %z %Z %:z %s %L %N"), dt.iso8601, dt.xmlschema, dt.rfc3339, dt.iso8601(3), dt.jisx0301
p dt.new_offset(0), dt.new_offset("-05:00"), dt.new_offset(Rational(1, 24)), dt.to_date, dt.to_time, dt.to_time.utc_offset
p dt + 1, dt + 1/24r, dt - 1/86400r, dt >> 1, (dt - DateTime.new(2001, 2, 3, 0, 0, 0, "+09:00")), dt.to_datetime.equal?(dt)
p DateTime.new(2001, 2, 3, 4, 5, 6.5r), DateTime.new(2001, 2, 3, 4, 5, 6.5r).sec_fraction, DateTime.new(2001, 2, 3, 23, 59, 59, "-05:00")
p DateTime.new, DateTime.new(2001), DateTime.new(2001, 2, 3, 12), DateTime.new(2001, 2, 3, -1, -1, -1), DateTime.jd(2451944.5)
p DateTime.new(2001, 2, 3, 4, 5, 6, Rational(9, 24)), DateTime.new(2001, 2, 3, 4, 5, 6, "-0330").offset, DateTime.new(2001, 2, 3, 4, 5, 6, "Z").zone
p DateTime.now.class, DateTime.now.offset.class, (DateTime.now - DateTime.now).abs < 1
p Time.utc(2001, 2, 3, 4, 5, 6.5r).to_datetime, Time.at(0, in: "+05:30").to_datetime, dt.to_time.to_datetime == dt
p dt <=> DateTime.new(2001, 2, 2, 19, 5, 6, "+00:00"), dt == DateTime.new(2001, 2, 2, 19, 5, 6), Date.new(2001, 2, 3) < dt
begin; DateTime.new(2001, 2, 3, 25); rescue => e; p e.class, e.message; end
begin; DateTime.new(2001, 2, 3, 4, 60); rescue => e; p e.class, e.message; end
