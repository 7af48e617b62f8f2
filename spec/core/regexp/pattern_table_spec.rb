# Regexp semantics over a table of patterns and subjects: anchors, lookaround, back-references,
# Unicode classes and properties, case folding, /x, quantifiers, multiline, named groups,
# conditionals, absent operators and encodings. Prints each match's groups (or nil).
def show(re, s)
  m = re.match(s)
  if m
    puts "#{re.inspect} =~ #{s.inspect}: #{m.to_a.inspect} at #{m.begin(0)}"
  else
    puts "#{re.inspect} =~ #{s.inspect}: nil"
  end
rescue => e
  puts "#{re.inspect} =~ #{s.inspect}: #{e.class}: #{e.message}"
end

[
  [/^b/, "a\nb"], [/a$/, "a\nb"], [/\Ab/, "a\nb"], [/a\z/, "ba"], [/a\Z/, "ba\n"], [/\bfoo\b/, "a foo b"],
  [/\Bo/, "foo"], [/\Gx/, "xx"], [/foo(?=bar)/, "foobar"], [/foo(?!bar)/, "foobaz"],
  [/(?<=a)b/, "ab"], [/(?<!a)b/, "cb"], [/(?<=ab|c)d/, "abd"], [/(\w)\1/, "hello"],
  [/(?<x>a)\k<x>/, "aa"], [/(a)(b)\k<-1>/, "abb"], [/(?<q>['"]).*?\k<q>/, %q{say "hi" now}],
  [/\p{Greek}+/, "abc αβγ"], [/\p{Alpha}+/, "日本語abc"], [/\p{^Digit}+/, "12ab34"], [/[[:upper:]]+/, "abCDe"],
  [/[[:punct:]]/, "ab,c"], [/\h+/, "xyz0fA9g"], [/\H/, "0fz"], [/\R/, "a\r\nb"], [/a\Kb/, "ab"],
  [/\X/, "e\u0301x"], [/straße/i, "STRASSE"], [/ǅ/i, "ǆ"], [/ß/i, "ẞ"], [/[a-z]+/i, "ABC"],
  [/a # comment
     b/x, "ab"], [/a\ b/x, "a b"], [/[ ]/x, " "], [/a{2}/, "aaa"], [/a{2,}/, "aaaa"], [/a{,2}/, "aaa"],
  [/a{1,2}?/, "aaa"], [/a*+a/, "aaa"], [/a++b/, "aab"], [/(?>a+)b/, "aab"], [/a.c/, "a\nc"], [/a.c/m, "a\nc"],
  [/(?m:a.c)/, "a\nc"], [/(?i)ab/, "AB"], [/a(?i:b)c/, "aBc"], [/a(?i:b)c/, "aBC"], [/(?-i:a)b/i, "aB"],
  [/(?<year>\d{4})-(?<mon>\d\d)/, "on 2024-05-06"], [/(?<a>x)|(?<a>y)/, "y"], [/(a)?(?(1)b|c)/, "c"],
  [/(a)?(?(1)b|c)/, "ab"], [/\/\*(?~\*\/)\*\//, "/* x */ y */"], [/\d+(?=€)/, "100€"], [/é+/, "cééd"],
  [/\u00e9/, "é"], [/[\u3040-\u309f]+/, "かなカナ"], [/\x41/, "A"], [/\101/, "A"], [/\cA/, "\x01"],
  [/[^a-c]+/, "abcdef"], [/[a-c&&b-d]/, "ab"], [/[\w&&[^\d]]+/, "12ab"], [/\s+/, "a \t\nb"],
  [/\S+/, "  ab  "], [/\W/, "ab!"], [/\D+/, "12ab34"], [/(?:a|b)+/, "abba"], [/(a|ab)(c|bcd)(d*)/, "abcd"],
  [/x*/, "abc"], [/$/, "abc"], [/\z/, "abc"], [//, ""], [/(a*)*b/, "aab"], [/(?<n>.)\g<n>/, "ab"],
  [/\A(?<p>\((?:[^()]|\g<p>)*\))\z/, "(a(b)c)"], [/[[:alpha:]&&[^a]]+/, "abcd"], [/\p{Hiragana}/, "カかa"],
].each { |re, s| show(re, s) }

puts "-- binary and ASCII"
b = "\xff\xfeab".b
show(/ab/, b)
show(/\xff/n, b)
show(/./n, b)
show(/a/, "abc".force_encoding("US-ASCII"))
begin
  /é/ =~ "\xff".b
rescue => e
  puts "#{e.class}: #{e.message}"
end
begin
  "\xff" =~ /x/
rescue => e
  puts "#{e.class}: #{e.message}"
end
[[/é/, "é".b], [/\xff/n, "é"], [/a/n, "é a"], [/a/, "\xffa".b]].each do |re, s|
  p(re =~ s)
rescue => e
  puts "#{e.class}: #{e.message}"
end
