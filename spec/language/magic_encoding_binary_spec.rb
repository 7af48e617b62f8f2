# -*- coding: binary -*-
# A binary source: literals are BINARY, except those with a \u escape (UTF-8); __ENCODING__
# and eval'd strings follow the source.
p __ENCODING__
s = "abc"
p s.encoding, s.ascii_only?, s.frozen?
p "\xff".encoding, "\xff".bytesize, "\xff" == "\xff".b
p "\u00e9".encoding, "\u00e9".length
p "a\u0041".encoding, "\u{41 e9}".encoding
p "#{1}x".encoding, "x#{"\u00e9".dup}".encoding
p %w[a b].map(&:encoding)
p %W[a#{2} \u00e9].map(&:encoding)
p <<~EOS.encoding
  heredoc
EOS
p ?a.encoding, ?\u00e9.encoding
p "a" "b".encoding
p :abc.encoding
p /a/.encoding
p "a".b.encoding, String.new.encoding, 1.to_s.encoding
p eval("__ENCODING__"), eval('"x"').encoding
p eval("# encoding: us-ascii\n__ENCODING__")
t = "\xff\xfe"
p t.bytes, t.length, t.inspect
u = "caf\u00e9"
p u + "!", (u + "\xff" rescue $!.class)
p [s, t].join.encoding
