# Time#strftime: every conversion, flag and width over a table of times (UTC and fixed offsets).
times = [
  Time.utc(2024, 1, 2, 3, 4, 5, Rational(123456789, 1000)),
  Time.utc(1969, 12, 31, 23, 59, 59),
  Time.utc(1900, 2, 28, 12, 0, 0),
  Time.utc(2000, 2, 29, 0, 0, 0),
  Time.utc(2038, 1, 19, 3, 14, 8),
  Time.utc(2100, 12, 31, 23, 59, 59),
  Time.utc(3000, 6, 15, 13, 30, 0),
  Time.utc(1, 1, 1),
  Time.utc(-1, 12, 31),
  Time.utc(12345, 7, 4, 9, 8, 7),
  Time.new(2021, 1, 1, 0, 0, 0, "+09:00"),
  Time.new(2020, 12, 28, 18, 45, 30.25, "-05:00"),
  Time.new(2019, 12, 30, 11, 0, 0, "-00:30"),
  Time.new(2015, 12, 31, 12, 0, 0, "+05:45"),
  Time.new(2016, 1, 3, 0, 0, 0, "-11:59:30"),
  Time.at(0, 999_999_999, :nsec, in: "+14:00"),
]
convs = %w[Y C y m B b h d e j H k I l P p M S L N 3N 6N 9N 12N 1N z :z ::z :::z Z A a u w G g V U W s n t % c D F x X r R T v +]
times.each do |tm|
  puts "-- #{tm.inspect}"
  convs.each { |c| puts "%#{c} #{tm.strftime("%#{c}").inspect}" }
end

flags = %w[-d -m -H -e -k -l -j -y -Y _d _m _H _j _Y 0e 0k 0l ^a ^A ^b ^B ^p ^P ^Z #a #A #b #B #p #P #Z #h ^c ^v
  10Y 10d -10d _10d 010d 3d 1d 10A -10A 010A 10z _10z -z -:z _z _:z _::z 010z 10:z 12::z 10Z -Z 10c 30c -30c _30c 10F 10%
  -5n 5t 10s -s _5u 5w 05U _5W 05V 6G _4g 4C _4C -C ^-10A -^10a 5-d %Q %E %Ey %Ec %OH %Od %OZ %:y %::::z %EY]
tm = Time.new(2024, 3, 5, 7, 8, 9.5, "+09:00")
u = Time.utc(2024, 3, 5, 7, 8, 9)
flags.each do |f|
  fmt = f.start_with?("%") ? f : "%#{f}"
  puts "#{fmt} #{tm.strftime(fmt).inspect} #{u.strftime(fmt).inspect}"
end
p tm.strftime("")
p tm.strftime("plain text")
p tm.strftime("%Y年%m月%d日")
p tm.strftime("%Y-%m-%dT%H:%M:%S.%L%:z")
["%", "abc%", "%-", "%10", "%_"].each do |f|
  begin
    tm.strftime(f)
  rescue ArgumentError => e
    puts "#{f.inspect}: #{e.class}: #{e.message}"
  end
end
begin
  tm.strftime(1)
rescue TypeError => e
  puts e.message
end
