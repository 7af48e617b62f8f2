# Time#round, #floor and #ceil with digits; the zone is kept.
times = [Time.at(1, 123_456_789, :nsec).utc, Time.at(-1, 500_000_000, :nsec).utc,
         Time.at(0, 999_999_999, :nsec, in: "+09:00"), Time.utc(2000, 12, 31, 23, 59, 59, 500_000),
         Time.at(5, 450_000_000, :nsec, in: "-05:00"), Time.at(7).utc]
times.each do |tm|
  puts "-- #{tm.inspect}"
  [nil, 0, 1, 2, 3, 5, 8, 9, 10].each do |d|
    r = d.nil? ? [tm.round, tm.floor, tm.ceil] : [tm.round(d), tm.floor(d), tm.ceil(d)]
    puts "#{d.inspect}: #{r.map(&:inspect).join(' | ')}"
  end
  p tm.round.class, tm.round.utc?, tm.round.utc_offset
end
p Time.at(1, 5, :nsec).utc.round(1.9)
[-1, "1", nil].each do |d|
  Time.at(1).round(d)
rescue => e
  puts "#{d.inspect}: #{e.class}: #{e.message}"
end
