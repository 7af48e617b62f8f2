p "é".b == "é", "é".b.eql?("é"), "é".b <=> "é", "é" <=> "é".b, "a".b == "a"
p({"é"=>1}["é".b], ["é".b,"é"].uniq.size)
p "é".force_encoding("US-ASCII") == "é"
p "é".b * 2, "é".b.reverse, "é".b.succ, "é".b.center(6,"*"), "é".b.ljust(4)
s = "".b; s << 200; p s
begin; s = +"x"; s << -1; rescue RangeError => e; p e.message; end
begin; (+"") << 0x110000; rescue RangeError => e; p e.message; end
begin; (+"") << 0xD800; rescue RangeError => e; p e.message; end
begin; "".b << 300; rescue RangeError => e; p e.message; end
h = {}; h["k".b] = 1; h["é".b] = 2; p h.keys.map(&:encoding), h
p (-"é".b).encoding, (-"é").encoding, (-"é".b).equal?(-"é".b)
p "b".upto("a").to_a, "9".upto("A").to_a, "a".upto("e", true).to_a, "az".upto("bc").to_a, "1.e5".to_f, "1.".to_f, "1.x".to_f
begin; "abc".tr("c-a", "x"); rescue => e; p e; end
p "08".upto("11").to_a, "a".upto("a").to_a, "zz".upto("a").to_a
p "a\nb".each_line(chomp: true).to_a
p "a--b".each_line("--", chomp: true).to_a
def f(a:) = block_given? ? yield(a) : to_enum(:f, a: a)
p f(a: 1).to_a
p [1,2].each_slice(1).to_a
