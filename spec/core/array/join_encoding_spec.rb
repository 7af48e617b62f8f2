# Array#join's encoding, as CRuby's: the first piece's, kept while later pieces are 7-bit, given
# up for the first non-ASCII piece's while the result is 7-bit; an empty join is US-ASCII;
# two non-ASCII pieces of different encodings raise Encoding::CompatibilityError. Symbol#to_s of
# an ASCII symbol is US-ASCII.
p [].join.encoding, [1].join.encoding, ["a", 1].join.encoding, [1, "a"].join.encoding, [1, "é"].join.encoding, ["a".b, 1].join.encoding, [1, 2].join("-").encoding, [1, 2].join("é").encoding, [:a, 1].join.encoding, [[1, 2], 3].join.encoding, [nil, 1].join.encoding
p((["é", "\xff".b].join rescue $!), (["a", "\xff".b, "é"].join rescue $!), ["\xff".b, "a"].join.encoding)
p [1, [2, ["é"]]].join("-"), [1, [2, ["é"]]].join("-").encoding, [nil, nil].join.encoding, [[], 1].join.encoding
p [1, 2].join(:x.to_s).encoding, ([1, 2].join(3) rescue $!), [1, 2].join(nil), ["a"].join("é").encoding
o = Object.new; def o.to_s = "ö"
p [1, o].join.encoding, [o, 1].join, ([1, 2] * ",").encoding
$, = nil
p %w[x y].join.encoding, [:é, 1].join.encoding
p :a.to_s.encoding, :é.to_s.encoding, :a.to_s.frozen?, :a.name.frozen?, "#{:a}".encoding, :"a b".to_s.encoding
