# String#unicode_normalize, unicode_normalize! and unicode_normalized?: the four forms,
# the default, errors for an unknown form, BINARY and broken strings, US-ASCII, frozen.
s = "e\u0301 ﬁ Å Ω"
%i[nfc nfd nfkc nfkd].each { |f| r = s.unicode_normalize(f); p [f, r, r.bytes.size, r.encoding] }
p s.unicode_normalize
p s.unicode_normalized?, "é".unicode_normalized?, s.unicode_normalized?(:nfd), "abc".unicode_normalized?(:nfkc)
t = +"e\u0301"
p t.unicode_normalize!, t
p t.unicode_normalize!(:nfd).bytes
begin; s.unicode_normalize(:xyz); rescue => e; p e.class, e.message; end
begin; "a".b.unicode_normalize; rescue => e; p e.class, e.message; end
p "abc".force_encoding("US-ASCII").unicode_normalize.encoding
begin; "a\xff".unicode_normalize; rescue => e; p e.class, e.message; end
f = "x".freeze
begin; f.unicode_normalize!; rescue => e; p e.class; end
p "".unicode_normalize, "한국어".unicode_normalize(:nfd).size
