# env: TZ=America/New_York
# Local time with DST (EST/EDT): transitions, a time in the spring gap and one in the autumn overlap.
# The oracle ignores TZ, so spec/regen makes this file's expected output with the system ruby
# (Debian's 3.1) under TZ=America/New_York; only API shared by 3.1 and 4.0 is used.
[Time.local(2024, 1, 15, 12), Time.local(2024, 7, 4, 12), Time.local(1970, 1, 1), Time.local(2100, 7, 1)].each do |t|
  p [t, t.zone, t.utc_offset, t.dst?, t.isdst, t.to_i]
end
# 2024-03-10 02:00 EST -> 03:00 EDT; 2024-11-03 02:00 EDT -> 01:00 EST
[Time.utc(2024, 3, 10, 6, 59, 59), Time.utc(2024, 3, 10, 7), Time.utc(2024, 11, 3, 5, 59, 59), Time.utc(2024, 11, 3, 6)].each do |u|
  l = u.getlocal
  p [l, l.zone, l.dst?, l.strftime("%H:%M:%S %Z %z")]
end
gap = Time.local(2024, 3, 10, 2, 30)
p [gap, gap.zone, gap.dst?, gap.to_i]
overlap = Time.local(2024, 11, 3, 1, 30)
p [overlap, overlap.zone, overlap.dst?, overlap.to_i]
p Time.local(2024, 3, 10, 1, 59, 59) + 1, Time.local(2024, 11, 3, 0, 59, 59) + 3600
p Time.utc(2024, 6, 1).localtime, Time.utc(2024, 12, 1).localtime.zone
p Time.at(1_700_000_000), Time.at(1_700_000_000).to_a
