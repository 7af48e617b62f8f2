require "date"
["2001-02-03", "2001-02-03T04:05:06+07:00", "20010203", "Feb 3 2001", "3 Feb 2001", "3rd Feb 2001",
 "Sat, 3 Feb 2001 04:05:06 +0700", "February 3, 2001", "2001/02/03", "02/03/2001", "Sat Feb  3 04:05:06 UTC 2001",
 "2001-02-03 04:05:06.123 -05:00", "H", "3 February 01", "Tue, 10 Dec 2024 12:00:00 GMT", "2024-12-10T12:00:00Z",
 "10 Dec 2024", "2001-034", "2001-W05-6", "1999-12-31 23:59:59", "20010203T040506", "Jan 1st, 2020"].each do |s|
  h = Date._parse(s)
  d = begin
    Date.parse(s).to_s
  rescue Date::Error => e
    e.message
  end
  puts "#{s.inspect}: #{h.reject { |k, _| k == :zone }.sort.inspect} #{h[:zone].inspect} #{d}"
end
["2001-02-03T04:05:06+07:00", "Sat, 3 Feb 2001 04:05:06 +0700", "2001-02-03 04:05:06.5 PST", "2001-02-03 4pm"].each do |s|
  p DateTime.parse(s)
end
p Date.strptime("2001-02-03", "%Y-%m-%d"), Date.strptime("03/02/01", "%d/%m/%y"), Date.strptime("2001 034", "%Y %j")
p Date.strptime("Sat Feb 3 2001", "%a %b %d %Y"), Date.strptime("February 3, 2001", "%B %d, %Y"), Date.strptime("2001-W05-6", "%G-W%V-%u")
p DateTime.strptime("2001-02-03T04:05:06+07:00", "%Y-%m-%dT%H:%M:%S%z"), DateTime.strptime("03 Feb 2001 04:05 PM", "%d %b %Y %I:%M %p")
p Date._strptime("2001-02-03", "%Y-%m-%d"), Date._strptime("2001-02-03x", "%Y-%m-%d"), Date._strptime("foo", "%Y")
p Date.iso8601("2001-02-03"), Date.iso8601("20010203"), Date.iso8601("2001-034"), Date.iso8601("2001-W05-6"), DateTime.iso8601("2001-02-03T04:05:06+07:00")
p Date.rfc2822("Sat, 3 Feb 2001 00:00:00 +0000"), Date.httpdate("Sat, 03 Feb 2001 00:00:00 GMT"), Date.rfc3339("2001-02-03T04:05:06+07:00")
["", "foo", "2001-02-30", "13/13/2001"].each do |s|
  begin
    p Date.parse(s)
  rescue => e
    p [s, e.class, e.message]
  end
end
begin; Date.strptime("2001-02-03", "%d/%m/%Y"); rescue => e; p e.class, e.message; end
begin; Date.iso8601("x"); rescue => e; p e.class, e.message; end
begin; Date.parse(nil); rescue => e; p e.class, e.message; end
