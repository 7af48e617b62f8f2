# Escaped bytes from 0x80 up in a UTF-8 pattern source must spell whole UTF-8 characters
# (the pattern is then fixed to UTF-8); anything else is CRuby's RegexpError, or a SyntaxError
# for a literal. A BINARY or US-ASCII source, and /n, keep their own rules.
['\xe3\x41', '\xe3\xff', '\xc0\x80', '\xed\xa0\x80', '\xe3\x81\x82\xe3', '\xe3\x81x', '\xff',
 'a\xc3\xa9', '\377', '\343\201\202', '[\xe3\x81\x82-\xe3\x81\x84]', '\xe3\x81\x82+',
 '\x41\x7f', 'plain'].each do |s|
  r = Regexp.new(s)
  p [s, r.encoding, r.fixed_encoding?]
rescue RegexpError => e
  p [s, e.message]
end
p Regexp.new('\xe3\x81\x82').match?("あ")
p Regexp.new('a\xc3\xa9z') =~ "xaéz"
p Regexp.new('\xff'.b).encoding
p Regexp.new('\xff'.force_encoding('US-ASCII')).encoding
p Regexp.new('\xff', Regexp::NOENCODING).encoding
p(/\xe3\x81\x82/.encoding)
p(/caf\xc3\xa9/ =~ "café")
begin
  eval('/\xff/')
rescue SyntaxError => e
  p e.message.lines.first.include?("invalid multibyte escape")
end
x = "\\xe3"
begin
  /#{x}/
rescue ArgumentError, RegexpError => e
  p e.class, e.message
end
p(/#{x}/n.encoding)
# an octal escape above 0x7f counts as a high byte like \xHH (BINARY under /n or a BINARY source)
p(/\377/n.encoding)
p Regexp.new("\\377".b).encoding
p Regexp.new("\\377", Regexp::NOENCODING).encoding
