# Regexp's class and instance methods: new/compile with options, escape, union, last_match,
# linear_time?, timeout, options, encodings, equality, errors with CRuby's messages.
["ab"].grep(/a/); p $~
def m; "xy" =~ /y/; [1].each { "zz" =~ /z/ }; p $~; end; m
p $~
"hello" =~ /l(l)(?<x>o)?/ rescue p $!
p(/a/.inspect, /a\/b/.source, %r{a/b}.source, %r{a\}b}.source, %r!a\!b!.source)
p(/a/ix.to_s, /(?<y>\d+)/.names, /(a)(b)/.options, /x/n.options, /x/u.options, //.encoding, /\xff/n.encoding)
begin; Regexp.new("("); rescue => e; p e; end
begin; Regexp.new("[a"); rescue => e; p e; end
begin; Regexp.new("a{2,1}"); rescue => e; p e; end
begin; Regexp.new("(?<a>x)\\k<b>"); rescue => e; p e; end
begin; "\xff".force_encoding("UTF-8") =~ /x/; rescue => e; p e; end
p "\xff".b =~ /\xff/n
p Regexp.linear_time?(/a/), Regexp.linear_time?(/(a)\1/), Regexp.linear_time?(/(?=a)/), Regexp.linear_time?(/(?<=a)b/), Regexp.linear_time?(/(?~a)/), Regexp.linear_time?(/a++/), Regexp.linear_time?(/(?>a)/)
p Regexp.timeout
m = /(?<a>.)(?<b>.)?/.match("x"); p m, m.to_a, m.captures, m.named_captures, m.pre_match, m.post_match, m.size, m.names
p(/a/ == /a/, /a/.hash == /a/.hash, /a/i == /a/, /a/.frozen?, Regexp.new("a").frozen?)
p Regexp.escape("a.b*c\n\t -"), Regexp.union("a.", /b/i, "c"), Regexp.union, Regexp.union(["x","y"])
p(/(?<year>\d+)-(?<m>\d+)/ =~ "ab 2024-05"); p year, m
p Regexp.new("ab", "mix"), Regexp.new("ab", true), Regexp.new("ab", 5), Regexp.new(/x/i)
p(/a/ =~ "xa", /(?<n>x)/.names, /x/.named_captures, /(?<a>.)(?<a>.)/.named_captures)
p(/ab/i.options, /a/.casefold?, /a/i.casefold?)
p Regexp.new("a", timeout: 2).timeout, /a/.timeout, Regexp::IGNORECASE, Regexp::EXTENDED, Regexp::MULTILINE, Regexp::FIXEDENCODING, Regexp::NOENCODING
p Regexp.new("a").source.frozen?, Regexp.new("a", "i"), Regexp.new("a", "x"), Regexp.new("a", nil), Regexp.new("a", false)
begin; Regexp.new("a", "q"); rescue => e; p e; end
begin; Regexp.new("a", 1, 2); rescue => e; p e; end
p Regexp.union(/a/, /b/m), Regexp.union("a", "b"), Regexp.union(:a) rescue p $!
p Regexp.compile("x"), Regexp.quote("x+")
x = "q"; p(/a#{x}b/, /a#{x}b/o, /#{/y/i}/)
r = /x/; p r.frozen?, r.equal?(/x/)
p(/a/.hash.class, /a/.eql?(/a/), /a/ == /a/n)
p %r{a/b}, %r{a/b}.inspect, /\//.source, /\//.inspect
p Regexp.last_match
def t; "ab" =~ /(b)/; Regexp.last_match(1); end; p t
p Regexp.timeout = 1.5, Regexp.timeout
Regexp.timeout = nil
begin; Regexp.timeout = -1; rescue => e; p e; end
p Regexp.new("a", timeout: nil).timeout
