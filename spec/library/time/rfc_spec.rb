require "time"
def e
  p yield
rescue => x
  p [x.class, x.message]
end
e { Time.rfc2822("foo") }
e { Time.httpdate("Sat, 03 Feb 2001 04:05:06 GMT") }
e { Time.httpdate("Saturday, 03-Feb-01 04:05:06 GMT") }
e { Time.httpdate("Sat Feb  3 04:05:06 2001") }
e { Time.httpdate("foo") }
t = Time.utc(2001, 2, 3, 4, 5, 6.123456r)
p t.iso8601, t.xmlschema(3), t.iso8601(9), t.rfc2822, t.rfc822, t.httpdate
l = Time.at(981173106, in: "+09:00")
p l.rfc2822, l.httpdate, l.iso8601, l.xmlschema(2), Time.at(0).localtime("-03:30").iso8601(2)
p Time.zone_offset("EST"), Time.zone_offset("+09:00"), Time.zone_offset("JST"), Time.zone_offset("Z")
