# Random.rand and Random#rand with nil, false or a non-number: CRuby's ArgumentError
# "invalid argument - " and TypeErrors; Kernel#rand(nil) is rand().
[
  -> { Random.rand(nil) },
  -> { Random.new(1).rand(nil) },
  -> { Random.rand(false) },
  -> { Random.new(2).rand("3") },
  -> { Random.rand(:a) },
  -> { Random.rand(0) },
  -> { Random.rand(-2) },
  -> { Random.new(3).rand(-1.5) },
  -> { rand(nil).class },
  -> { Kernel.rand(nil).class },
  -> { Random.rand.class },
  -> { Random.rand(1.5).class },
  -> { Random.rand(3).class },
].each do |f|
  begin
    p f.call
  rescue => e
    puts "#{e.class}: #{e.message}"
  end
end
o = Object.new
def o.to_int = 5
r = Random.new(42)
x = r.rand(o)
p x.class, (0...5).cover?(x), x == Random.new(42).rand(5)
