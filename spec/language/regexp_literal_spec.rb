# Regexp literals: flags, interpolation, /o, frozen literals that are the same object on every
# evaluation, %r with other delimiters, named captures assigned to locals by `=~`.
def lit; /abc/i; end
p lit.equal?(lit), lit.frozen?, %r{a/b}i, %r[x]m, %r!a\!b!.source
x = "b+"
p(/a#{x}c/, /a#{x}c/.frozen?, /#{1}#{2}/x)
def once(v) = /#{v}/o
p once("first"), once("second")
if /(?<year>\d+)-(?<month>\d+)/ =~ "date 2024-05"
  p [year, month]
end
p(/(?<nomatch>z)/ =~ "abc", nomatch)
re = /(?<dyn>a)/
re =~ "a"
p defined?(dyn)
/(?<in_block>q)/ =~ "q"; [1].each { /(?<in_block>r)/ =~ "r" }
p in_block
p(/#{"(?<skip>a)"}/ =~ "a", defined?(skip))
p(/\//.source, /\\\//.source, /a\/b/ =~ "xa/b")
p(/[a-z]+/.match("123abc")[0], /\d+/.match?("x1"), /a/ !~ "b")
p(/x/ === "axb", /(?<n>.)/.names)
begin
  Regexp.new("(")
rescue RegexpError => e
  puts "#{e.class}: #{e.message}"
end
br = "["
begin
  /#{br}/
rescue RegexpError => e
  puts "#{e.class}: #{e.message}"
end
case "2024-05-06"
when /\A(\d+)-(\d+)/ then p [$1, $2, $~.pre_match, $']
end
