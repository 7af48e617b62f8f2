# Time#+ and Time#- with Integer, Float and Rational seconds; Time - Time is a Float; the zone is kept.
base = [Time.utc(2000, 2, 28, 23, 59, 59), Time.new(1969, 12, 31, 23, 59, 59, "-05:00"),
        Time.new(2038, 1, 19, 3, 14, 7, "+09:00"), Time.at(0, 250, :millisecond, in: "+01:00")]
deltas = [1, -1, 86_400, 0.5, -0.25, Rational(1, 4), Rational(-3, 2), 2**31, 365 * 86_400 * 100, 0.125]
base.each do |b|
  puts "-- #{b.inspect}"
  deltas.each do |d|
    s = b + d
    m = b - d
    puts "+ #{d.inspect}: #{s.inspect} #{s.utc?} #{s.utc_offset}"
    puts "- #{d.inspect}: #{m.inspect} #{m.utc?} #{m.utc_offset}"
  end
end
a = Time.utc(2000, 1, 1, 0, 0, 1, 500_000)
b = Time.utc(2000, 1, 1)
p a - b, b - a, (a - b).class, a - a
p Time.utc(2100) - Time.utc(1900)
p Time.at(0, 123456789, :nsec) - Time.at(0)
p Time.new(2000, 1, 1, 9, 0, 0, "+09:00") - Time.utc(2000)
[[Time.at(1), Time.at(1)], [Time.at(1), "1"], [Time.at(1), nil], [Time.at(1), :a]].each do |x, y|
  begin
    x + y
  rescue TypeError => e
    puts "+ #{y.inspect}: #{e.class}: #{e.message}"
  end
end
begin
  Time.at(1) - "x"
rescue TypeError => e
  puts e.message
end
p(Time.utc(2000) + Float::INFINITY) rescue p $!
p(Time.utc(2000) - Float::NAN) rescue p $!
