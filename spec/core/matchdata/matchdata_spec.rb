# MatchData: [] with index, name, start+length and range; captures, named_captures, offsets in
# characters and bytes, match/match_length, values_at, string, regexp, deconstruct(_keys),
# inspect, ==; $~ and its derived globals; Regexp.last_match; Regexp#inspect/to_s/escape.
m = /(?<a>.)(?<b>x)?(c)?/.match("zq")
p m
m2 = /(a)(b)?(c)/.match("xacy")
p m2, m2[0], m2[1], m2[-1], m2[1,2], m2[1..], m2.begin(2), m2.offset(1), m2.byteoffset(3), m2.values_at(0,2,-1)
p m2.to_s, m2.inspect, m2.string.frozen?, m2.regexp, m2.match(1), m2.match_length(1), m2.match(2), m2.match_length(2)
begin; m2[:x]; rescue => e; p e; end
begin; m2["x"]; rescue => e; p e; end
begin; m2.begin(9); rescue => e; p e; end
begin; m2.match(9); rescue => e; p e; end
mm = /(?<x>a)(?<y>b)?/.match("ab")
p mm[:x], mm["y"], mm.named_captures(symbolize_names: true), mm.deconstruct, mm.deconstruct_keys([:x]), mm.deconstruct_keys(nil)
p mm == /(?<x>a)(?<y>b)?/.match("ab"), mm.size, mm.length
p mm.bytebegin(1), mm.byteend(1)
"hello world" =~ /o (w)/; p $~, $&, $`, $', $+, $1, $2
p Regexp.last_match, Regexp.last_match(1), Regexp.last_match(0)
p(/a/ =~ "cat", /a/ === "cat", /a/ === :cat, /a/ === 3, /a/.match?("x"), ~ /x/) 
p "abc".match(/b/, 2), "abc".match(/b/) {|m| m[0] + "!" }
p /b/.match("abcb", 2), /b/.match("abc", -1)
$_ = "xyz"; p(~ /y/)
p Regexp.escape("#{"#"}a b\f\v\r/&~"), Regexp.escape("é.")
p /é/.source.encoding, /a/.source.encoding, /a/.source.frozen?
p /\u00e9/.encoding, /a/u.encoding, /\xff/n.options, /x/n.options, /a/u.options, /é/.options, /é/.fixed_encoding?, /a/.fixed_encoding?
p /a\nb/.inspect, Regexp.new("a\nb").inspect, Regexp.new("a/b").inspect, Regexp.new("a\\/b").inspect, Regexp.new("\t").inspect
p /(?i:a)/.to_s, /(?i-mx:a)b/.to_s, /a/m.to_s, Regexp.new("(?m:a)").to_s, /(?x:a)/i.to_s
