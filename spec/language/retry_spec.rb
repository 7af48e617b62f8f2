# retry re-runs the begin block
attempts = 0
begin
  attempts += 1
  raise "fail #{attempts}" if attempts < 3
  puts "succeeded after #{attempts}"
rescue
  puts "retrying after #{$!.message}"
  retry
end
def fetch_with_retry
  tries = 0
  begin
    tries += 1
    raise ArgumentError if tries < 2
    "ok on try #{tries}"
  rescue ArgumentError
    retry
  end
end
p fetch_with_retry
n = 0
r = [1].map do |x|
  n += 1
  raise "again" if n < 4
  [x, n]
rescue
  retry
end
p r
