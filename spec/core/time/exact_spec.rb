# Time keeps CRuby's exact subsecond: a Rational when a Float or Rational makes one.
VALUES = [0, 1, 1.1, 0.1 + 0.2, 1e-10, -1.5, 1/3r, -1/3r, 2/7r, 1.5, 0.5, 1e-9, 1.000000001,
          123456789.123456789, 1_700_000_000.1, 2**40 + 0.25, -0.000001, 1e10 + 0.3, 3.0e-7,
          Rational(1, 1_000_000_000), Rational(3, 2_000_000_000), Rational(-1, 7), 1e15 + 0.5]

VALUES.each do |v|
  t = Time.at(v).utc
  puts "#{v.inspect}: #{t.inspect}"
  puts "  to_r=#{t.to_r.inspect} to_f=#{t.to_f.inspect} to_i=#{t.to_i}"
  puts "  subsec=#{t.subsec.inspect} nsec=#{t.nsec} usec=#{t.usec}"
  puts "  round=#{t.round.inspect} round(3)=#{t.round(3).inspect} round(9)=#{t.round(9).inspect} round(12)=#{t.round(12).inspect}"
  puts "  floor(2)=#{t.floor(2).inspect} ceil(2)=#{t.ceil(2).inspect} floor(10)=#{t.floor(10).inspect} ceil(10)=#{t.ceil(10).inspect}"
  puts "  +0.1=#{(t + 0.1).inspect} -0.1=#{(t - 0.1).inspect} +1/3r=#{(t + 1/3r).inspect}"
  puts "  -(at 0)=#{(t - Time.at(0)).inspect} <=>=#{t <=> Time.at(v.to_r)} ==#{t == Time.at(v)} eql=#{t.eql?(Time.at(v))}"
  puts "  to_s=#{t.to_s} hash_eq=#{t.hash == Time.at(v).utc.hash}"
end

[[1, 1.5, :millisecond], [1, 1.5, :usec], [1, 1.5, :nsec], [1, 0.1, :nsec], [0, 1/3r, :nsec],
 [0, 1/3r, :millisecond], [2, 1/7r], [0, 123.456], [-1, 0.5, :microsecond], [0, 999.9, :nanosecond]].each do |a|
  t = Time.at(*a, in: "UTC")
  puts "at#{a.inspect}: #{t.inspect} #{t.to_r.inspect} #{t.nsec} #{t.subsec.inspect}"
end

a = Time.at(1.1)
b = Time.at(11/10r)
p a == b, a < b, a > b, (a <=> b), b - a, (b + 0.1).to_r
p Time.at(0.1) + 0.2 == Time.at(0.3), (Time.at(0.1) + 0.2).to_r, Time.at(0.3).to_r
p Time.at(1/3r).utc.dup.subsec, Time.at(1/3r).getutc.subsec, Time.at(1/3r, in: "+09:00").inspect
p Time.at(Time.at(1/3r)).subsec, Time.at(1/3r).localtime("+01:00").subsec
p Time.utc(2000, 1, 1, 0, 0, 1.1).inspect, Time.utc(2000, 1, 1, 0, 0, 1/3r).subsec
p Time.new(2000, 1, 1, 0, 0, 5.25, "Z").inspect, Time.gm(2000, 1, 1, 0, 0, 0, 1.5).inspect
p Time.at(1.1).utc.strftime("%s %N %3N %L"), [Time.at(1/3r), Time.at(1/3r)].uniq.size
p Time.at(-1/3r).utc.inspect, Time.at(-1/3r).to_a.first(3), Time.at(-1/3r).usec
p Time.at(1/3r).utc.strftime("%12N|%15N|%10N|%N"), Time.at(1.1).utc.strftime("%20N"), Time.at(2/7r).strftime("%18N")
