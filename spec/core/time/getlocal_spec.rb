# Zone conversions with fixed offsets: getlocal/localtime/utc/gmtime/getutc/getgm, in:, and accessors.
tm = Time.utc(2024, 2, 29, 23, 30, 15, 250_000)
["+09:00", "-05:00", "+05:45", "-00:30", "+0900", "-05", "+09:30:15", "UTC", "Z", "-00:00", "A", "N", "Z", 3600, -18000, 0, 86399].each do |z|
  g = tm.getlocal(z)
  puts "#{z.inspect}: #{g.inspect} #{[g.year, g.month, g.day, g.hour, g.min, g.sec, g.usec, g.wday, g.yday].inspect} #{g.zone.inspect} #{g.utc_offset} #{g.utc?} #{g == tm}"
end
["+24:00", "+09:60", "J", "EST", "+9", "09:00", "", 86400, -86400, :x, nil.to_a].each do |z|
  tm.getlocal(z)
rescue => e
  puts "#{z.inspect}: #{e.class}: #{e.message}"
end
l = Time.new(2000, 1, 1, 12, 0, 0, "+09:00")
u = l.getutc
p u, u.utc?, u.zone, l.utc?, l.zone
p l.getgm, l.dup.gmtime, l.dup.utc
x = l.dup
p x.localtime("-08:00"), x, x.utc_offset
p x.utc.equal?(x), x, x.utc?
p Time.at(0, in: "+09:00"), Time.at(0, in: "-00:00").utc?, Time.now(in: "+09:00").utc_offset, Time.now(in: "Z").utc?
p Time.new(2000, 1, 1, in: "+03:00").utc_offset
f = Time.utc(2000).freeze
p f.utc, f.getlocal("+01:00")
begin
  f.localtime("+01:00")
rescue => e
  p e.class
end
t = Time.new(2001, 2, 3, 4, 5, 6, "-07:00")
p t.to_a, t.getutc.to_a
p [t.sunday?, t.monday?, t.tuesday?, t.wednesday?, t.thursday?, t.friday?, t.saturday?]
p [t.gmt_offset, t.gmtoff, t.gmt?, t.dst?, t.isdst, t.mon, t.mday, t.tv_sec, t.tv_usec, t.tv_nsec]
p [t.to_i, t.to_f, t.to_r, t.subsec, Time.at(1, 1, :nsec).subsec, Time.at(1.5).to_r]
