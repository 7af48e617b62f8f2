# Time#xmlschema / #iso8601 (built in since 3.4), #ctime / #asctime and #deconstruct_keys.
def t(s)
  r = yield
  puts "#{s} => #{r.inspect}"
rescue => e
  puts "#{s} !! #{e.class}: #{e.message}"
end

u = Time.utc(2024, 3, 5, 14, 7, 9, Rational(123456789, 1000))
l = Time.new(2024, 3, 5, 4, 7, 9.5, "-05:30")
t("u.xmlschema") { u.xmlschema }
t("u.iso8601") { u.iso8601 }
[0, 1, 3, 6, 9, 12, -1, 1.9].each do |d|
  t("u.xmlschema(#{d})") { u.xmlschema(d) }
end
t("u.xmlschema('3')") { u.xmlschema("3") }
t("u.xmlschema(nil)") { u.xmlschema(nil) }
t("u.xmlschema(1, 2)") { u.xmlschema(1, 2) }
t("u.xmlschema.encoding") { u.xmlschema.encoding }
t("l.xmlschema") { l.xmlschema }
t("l.iso8601(2)") { l.iso8601(2) }
t("Time.at(0).xmlschema") { Time.at(0).xmlschema }
["+09:00", "-00:00", "+00:00", "Z", "UTC", "+05:30:15", "-05:30:15", "-00:30", "A", "Y"].each do |z|
  t("Time.at(0, in: #{z.inspect}).xmlschema") { Time.at(0, in: z).xmlschema }
end
[-12345, -1, 0, 5, 999, 9999, 12345].each do |y|
  t("Time.utc(#{y}).xmlschema(2)") { Time.utc(y).xmlschema(2) }
end
t("Time.at(-1, 5, :nsec).utc.xmlschema(9)") { Time.at(-1, 5, :nsec).utc.xmlschema(9) }
t("Time.at(-1, 5, :nsec).utc.xmlschema(3)") { Time.at(-1, 5, :nsec).utc.xmlschema(3) }
t("Time.at(0, 999999999, :nsec).utc.iso8601(3)") { Time.at(0, 999999999, :nsec).utc.iso8601(3) }

t("u.ctime") { u.ctime }
t("u.asctime") { u.asctime }
t("l.ctime") { l.ctime }
t("Time.utc(2024, 3, 15).ctime") { Time.utc(2024, 3, 15).ctime }
t("Time.utc(-5, 12, 31).ctime") { Time.utc(-5, 12, 31).ctime }
t("u.ctime.encoding") { u.ctime.encoding }

t("u.deconstruct_keys(nil)") { u.deconstruct_keys(nil) }
t("l.deconstruct_keys(nil)") { l.deconstruct_keys(nil) }
t("Time.utc(2000).deconstruct_keys(nil)") { Time.utc(2000).deconstruct_keys(nil) }
t("u.deconstruct_keys([:year, :month])") { u.deconstruct_keys([:year, :month]) }
t("u.deconstruct_keys([:zone, :dst, :sec, :day])") { u.deconstruct_keys([:zone, :dst, :sec, :day]) }
t("u.deconstruct_keys([:year, :foo, 'month', 1])") { u.deconstruct_keys([:year, :foo, "month", 1]) }
t("u.deconstruct_keys([])") { u.deconstruct_keys([]) }
t("u.deconstruct_keys(1)") { u.deconstruct_keys(1) }
t("u.deconstruct_keys({})") { u.deconstruct_keys({}) }
t("%i[xmlschema iso8601 ctime asctime deconstruct_keys].map { u.respond_to?(_1) }") do
  %i[xmlschema iso8601 ctime asctime deconstruct_keys].map { u.respond_to?(_1) }
end
