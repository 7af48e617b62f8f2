# Integer#to_s and Float#to_s answer US-ASCII strings, as CRuby's number formatting; they
# combine with UTF-8 and binary strings by the usual compatibility rules.
a = 1.to_s
p a.encoding, (a + "x").encoding, (a + "é").encoding, ("é" + a).encoding, [1, "é"].join.encoding
p "#{1}".encoding, (+"x" << 1.to_s).encoding, (String.new << 1.to_s).encoding, 1.5.to_s.encoding
p (2**70).to_s.encoding, 255.to_s(16).encoding, -0.0.to_s.encoding, Float::INFINITY.to_s.encoding, 1e100.to_s.encoding
p a * 3, (a * 3).encoding, a.upcase.encoding, a.frozen?, a.succ.encoding, a.center(5).encoding, a.valid_encoding?
p 12.to_s.force_encoding("UTF-8").encoding, 12.to_s == "12", {1.to_s => 1}["1"], 1.to_s.hash == "1".hash, 1.to_s.eql?("1")
p format("%d", 1).encoding, 1.inspect.encoding, 1.0.inspect.encoding
s = +"é"
s << 12.to_s << 3.5.to_s
p s, s.encoding, s.length
b = String.new
b << 7.to_s << "x"
p b, b.encoding
