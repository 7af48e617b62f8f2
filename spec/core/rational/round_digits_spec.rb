# Rational#floor/ceil/truncate/round with a digit count (a Rational for >= 1, an Integer otherwise)
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
[Rational(7, 3), Rational(-7, 3), Rational(1234567, 1000), Rational(-25, 10), Rational(5), Rational(1, 3)].each do |r|
  [nil, 0, 1, 2, 3, -1, -2, -4].each do |k|
    args = k.nil? ? [] : [k]
    p [r, k, r.floor(*args), r.ceil(*args), r.truncate(*args), r.round(*args)]
  end
end
# a digit count whose 10**n is past Integer#**'s limit is its ArgumentError
[-> { Rational(1, 3).truncate(2**30) }, -> { Rational(1, 3).round(-(2**30)) }, -> { 10**(2**30) }].each do |f|
  p f.call
rescue ArgumentError => e
  p e.message
end
