# env: TZ=Asia/Tokyo
# Local time in a real zone. The oracle ignores TZ, so spec/regen makes this file's expected output
# with the system ruby (Debian's 3.1) under TZ=Asia/Tokyo; only API shared by 3.1 and 4.0 is used.
t = Time.at(0)
p t, t.zone, t.utc_offset, t.utc?, t.dst?, t.hour
p Time.local(2000, 1, 1), Time.local(2000, 1, 1).zone, Time.mktime(2024, 2, 29, 23, 59, 59)
p Time.local(1951, 5, 6, 12), Time.local(1951, 5, 6, 12).zone, Time.local(1951, 5, 6, 12).isdst
p Time.utc(2000).localtime, Time.utc(2000).getlocal.zone, Time.new(2000, 1, 1, 0, 0, 0, "+00:00").getlocal
p Time.local(2000).utc, Time.local(2000).to_i, Time.local(2000).strftime("%Z %z %:z %c")
p Time.local(2000, 6, 1).to_a, Time.now.zone, Time.now.utc_offset
