require "date"
# construction, fields and validity
[[2001, 2, 3], [2000, 2, 29], [2026, 12, 2], [1582, 10, 15], [1582, 10, 4], [-100, 1, 1], [1, 1, 1],
 [2001, -1, -1], [2004, 2, -1], [1999, 12, 31], [1900, 3, 1], [10000, 6, 15], [-4712, 1, 1]].each do |y, m, d|
  x = Date.new(y, m, d)
  puts "#{x.inspect} #{x} y=#{x.year} m=#{x.mon} d=#{x.mday} wday=#{x.wday} yday=#{x.yday} jd=#{x.jd} mjd=#{x.mjd} " \
       "cw=#{x.cwyear}/#{x.cweek}/#{x.cwday} leap=#{x.leap?} ajd=#{x.ajd} julian=#{x.julian?}"
end
[[2001, 2, 29], [2001, 13, 1], [2001, 0, 1], [2001, 1, 32], [1582, 10, 10], [2001, 2, -29], [2000, 2, 30]].each do |a|
  p [a, Date.valid_date?(*a), Date.valid_civil?(*a)]
  begin
    Date.new(*a)
  rescue Date::Error => e
    p [e.class, e.message, e.is_a?(ArgumentError)]
  end
end
p Date.leap?(2000), Date.leap?(1900), Date.leap?(2024), Date.gregorian_leap?(2023), Date.julian_leap?(1900)
p Date.jd(2451944), Date.jd(0), Date.ordinal(2001, 34), Date.ordinal(2000, -1), Date.commercial(2001, 5, 6)
p Date.commercial(2009, 53, 7), Date.commercial(2010, 1, 1), Date.valid_ordinal?(2001, 366), Date.valid_commercial?(2001, 53, 1)
p Date.new, Date.new(2001), Date.new(2001, 2), Date.civil(2001, 2, 3), Date.today.class, Date.today == Date.today
p Date::ITALY, Date::ENGLAND, Date::MONTHNAMES, Date::ABBR_MONTHNAMES, Date::DAYNAMES, Date::ABBR_DAYNAMES
p Date.new(2001, 2, 3).start, Date.new(2001, 2, 3).saturday?, Date.new(2001, 2, 3).monday?
[Date.new(2008, 12, 29), Date.new(2010, 1, 3), Date.new(2005, 1, 1), Date.new(2020, 12, 31)].each { |d| p [d.cwyear, d.cweek, d.cwday] }
begin; Date.new("2001"); rescue => e; p e.class, e.message; end
