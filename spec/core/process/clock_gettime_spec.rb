# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) lacks the process CPU clocks and getrusage
# Process.clock_gettime / clock_getres: the clocks and units CRuby has; Process.times.
clocks = %i[CLOCK_REALTIME CLOCK_MONOTONIC CLOCK_PROCESS_CPUTIME_ID CLOCK_THREAD_CPUTIME_ID
            CLOCK_MONOTONIC_RAW CLOCK_REALTIME_COARSE CLOCK_MONOTONIC_COARSE CLOCK_BOOTTIME]
clocks.each do |c|
  id = Process.const_get(c)
  t = Process.clock_gettime(id)
  p [c, id, t.class, t >= 0]
end
t1 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
t2 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
p t2 >= t1
now = Time.now.to_f
p (Process.clock_gettime(Process::CLOCK_REALTIME) - now).abs < 5
%i[float_second float_millisecond float_microsecond second millisecond microsecond nanosecond].each do |u|
  v = Process.clock_gettime(Process::CLOCK_MONOTONIC, u)
  p [u, v.class]
end
s = Process.clock_gettime(Process::CLOCK_REALTIME, :second)
ms = Process.clock_gettime(Process::CLOCK_REALTIME, :millisecond)
p (ms / 1000 - s).abs <= 1
%i[GETTIMEOFDAY_BASED_CLOCK_REALTIME TIME_BASED_CLOCK_REALTIME GETRUSAGE_BASED_CLOCK_PROCESS_CPUTIME_ID
   TIMES_BASED_CLOCK_PROCESS_CPUTIME_ID CLOCK_BASED_CLOCK_PROCESS_CPUTIME_ID TIMES_BASED_CLOCK_MONOTONIC].each do |c|
  p [c, Process.clock_gettime(c).class, Process.clock_getres(c, :nanosecond)]
end
p Process.clock_gettime(:TIME_BASED_CLOCK_REALTIME) % 1
p Process.clock_getres(Process::CLOCK_MONOTONIC, :nanosecond) >= 1
begin
  Process.clock_gettime(Process::CLOCK_MONOTONIC, :hours)
rescue ArgumentError => e
  p e.message
end
begin
  Process.clock_gettime(12345)
rescue SystemCallError => e
  p e.class
end
begin
  Process.clock_gettime(:NO_SUCH_CLOCK)
rescue SystemCallError => e
  p e.class
end
tms = Process.times
p tms.class, tms.members, tms.to_a.map(&:class), tms.utime >= 0
x = 0
200_000.times { |i| x += i }
p Process.times.utime >= tms.utime
p Process::WNOHANG, Process::WUNTRACED
p Process.pid == $$, Process.ppid.is_a?(Integer)
