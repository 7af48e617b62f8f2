# encoding: binary
# A binary source keeps its raw bytes in every literal form (strings, heredocs, words,
# character literals, regexps, escapes of raw bytes).
s = "café ÿ\xfe"
p s, s.bytes, s.encoding, s.length
puts s
p "é" == "\xe9", ?é, %w[éa b], %q(éè), %Q(#{1}é)
p(/é+/n =~ "xéé", /[à-ï]/n.match("aåb")[0].bytes)
x = <<~E
  hé #{2}
E
p x, x.encoding
p "\é", "\u00e9\x41", "a\u00e9".encoding
p :"sym", "café".sub("é", "e")
# café in a comment
r = /café/
p r.encoding, r =~ "xcafé", r.source.bytes.last, /abc/.encoding, /\xff/.encoding
y = "é"
p(/a#{y}b/.encoding, /a#{y}b/ =~ "caéb", /#{1}\xff/.encoding, Regexp.new(%q(\xff).b).encoding)
