# Time#to_s and Time#inspect (fractional seconds, UTC, fixed offsets with seconds).
[
  Time.at(0),
  Time.at(0).utc,
  Time.at(0.5).utc,
  Time.at(1, 500, :millisecond).utc,
  Time.at(1, 1, :nsec).utc,
  Time.at(1, 120, :usec).utc,
  Time.at(-1, 1, :nsec).utc,
  Time.at(-1.25).utc,
  Time.utc(1900, 1, 1),
  Time.utc(-1, 1, 1),
  Time.utc(10000, 1, 1),
  Time.utc(2100, 3, 1, 12, 0, Rational(1, 8)),
  Time.new(2000, 1, 1, 0, 0, 0, "+09:00"),
  Time.new(2000, 1, 1, 0, 0, 0, "-05:30"),
  Time.new(2000, 1, 1, 0, 0, 0, "+09:30:15"),
  Time.new(2000, 1, 1, 0, 0, 0, "-00:00:01"),
  Time.new(2000, 1, 1, 0, 0, 0, 86399),
  Time.new(2000, 1, 1, 0, 0, 0, -3600),
  Time.new(2000, 1, 1, 0, 0, 0, "Z"),
  Time.new(2000, 1, 1, 0, 0, 0, "M"),
  Time.new(2000, 1, 1, 0, 0, 0, "Y"),
].each do |tm|
  puts tm.to_s
  puts tm.inspect
  p tm
  p [tm.to_s.encoding, tm.inspect.encoding]
end
p "#{Time.utc(2000)}"
p [Time.utc(2000)]
