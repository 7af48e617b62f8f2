# Extreme years (CRuby takes any; rubra's range is narrower and raises RangeError past it):
# either way, never an overflow panic.
[-2**63, 2**63 - 1, -2**62, 2**62].each do |y|
  r = begin
    Time.new(y.to_s).year
  rescue RangeError
    :range
  end
  p(r == y || r == :range)
end
p Time.new("-2000-01-01 00:00:00").year
