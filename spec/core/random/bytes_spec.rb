# Random#bytes and Random.bytes (the MT stream, low byte first), Random.srand
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
r = Random.new(42)
p r.bytes(0), r.bytes(1), r.bytes(4), r.bytes(7), r.bytes(10)
b = Random.new(1).bytes(5)
p b.encoding, b.size, b.frozen?
r2 = Random.new(42)
p r2.bytes(3) + r2.bytes(3) == Random.new(42).bytes(6)
p Random.new(3).bytes(2.9)
t { Random.new(1).bytes(-1) }
t { Random.new(1).bytes("2") }
p Random.srand(7).class
p Random.bytes(6)
Random.srand(7)
p Random.bytes(6), rand(100)
p Random.srand(8)
