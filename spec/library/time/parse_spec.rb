require "time"
def e
  p yield
rescue => x
  p [x.class, x.message]
end
["2001-02-03 04:05:06", "2001-02-03T04:05:06+09:00", "2001-02-03 04:05:06.123456789 UTC", "2001-02-03 04:05:06 EST",
 "2001-02-03 04:05:06 PST", "Sat, 03 Feb 2001 04:05:06 GMT", "2001-02-03", "Feb 3 2001 4pm", "2001-02-03 04:05:06 -0330",
 "2001-02-03T04:05:06Z", "20010203T040506", "3rd Feb 2001 04:05:06 PM", "2001-02-03 04:05:06 JST", "Sat Feb  3 04:05:06 UTC 2001",
 "2024-02-29 23:59:59.5 +01:00", "", "foo", "2001-02-30 00:00:00"].each do |s|
  e { t = Time.parse(s); [t, t.utc_offset, t.utc?, t.subsec] }
end
now = Time.utc(2020, 5, 6, 7, 8, 9)
e { Time.parse("04:05", now) }
e { Time.parse("10:00 +09:00", now) }
e { Time.parse("Dec 25", now) }
e { Time.strptime("2001-02-03 04:05:06 +0900", "%Y-%m-%d %H:%M:%S %z") }
e { Time.strptime("1000000000", "%s") }
e { Time.strptime("1000000000 +0900", "%s %z") }
e { Time.strptime("03/02/2001", "%d/%m/%Y") }
e { Time.strptime("2001-02-03T04:05:06.123Z", "%Y-%m-%dT%H:%M:%S.%L%z") }
e { Time.strptime("Feb 3 2001 04:05 PM", "%b %d %Y %I:%M %p") }
e { Time.strptime("2001 034", "%Y %j") }
e { Time.strptime("foo", "%Y") }
e { Time.strptime("2001-02-03", "%Y/%m/%d") }
e { Time.iso8601("2001-02-03T04:05:06Z") }
e { Time.iso8601("2001-02-03T04:05:06.5+09:00") }
e { Time.xmlschema("2001-02-03T04:05:06-05:00") }
e { Time.xmlschema("2001-02-03T04:05:06") }
e { Time.iso8601("foo") }
e { Time.xmlschema("2001-02-03") }
e { Time.rfc2822("Sat, 03 Feb 2001 04:05:06 +0900") }
e { Time.rfc822("Sat, 3 Feb 2001 04:05:06 GMT") }
