# Blocks that change the receiver of String's iterators: each_line, each_char and
# each_grapheme_cluster iterate a frozen copy; each_byte and each_codepoint read the receiver
# live; split, scan, gsub, gsub! and sub! raise RuntimeError "string modified" (sub does not);
# chars/bytes/lines/codepoints/grapheme_clusters with a block are their each_ forms.

def t(name, f)
  s = +"abc\ndef\nghi\n"
  r = []
  blk = proc { |x| r << x; s.replace("Z\n") if r.size == 1 }
  begin
    f.call(s, blk)
  rescue => e
    r << [e.class, e.message]
  end
  p [name, r, s]
end
t(:each_line, ->(s, b) { s.each_line(&b) })
t(:each_line_sep, ->(s, b) { s.each_line("e", &b) })
t(:each_line_chomp, ->(s, b) { s.each_line(chomp: true, &b) })
t(:each_line_para, ->(s, b) { s.each_line("", &b) })
t(:lines, ->(s, b) { s.lines(&b) })
t(:each_char, ->(s, b) { s.each_char(&b) })
t(:chars, ->(s, b) { s.chars(&b) })
t(:each_byte, ->(s, b) { s.each_byte(&b) })
t(:bytes, ->(s, b) { s.bytes(&b) })
t(:each_codepoint, ->(s, b) { s.each_codepoint(&b) })
t(:each_grapheme_cluster, ->(s, b) { s.each_grapheme_cluster(&b) })
t(:split, ->(s, b) { s.split("\n", &b) })
t(:split_re, ->(s, b) { s.split(/\n/, &b) })
t(:split_nil, ->(s, b) { s.split(&b) })
t(:split_lim, ->(s, b) { s.split("\n", 2, &b) })
t(:scan, ->(s, b) { s.scan(/\w+/, &b) })
t(:gsub, ->(s, b) { s.gsub(/\w+/, &b) })

r = "ab".chars { |c| print c }
p r
r = "ab".bytes { |c| print c }
p r
r = "a\nb".lines { |c| print c.inspect }
p r
r = "ab".codepoints { |c| print c }
p r
r = "ab".grapheme_clusters { |c| print c }
p r

def t(name, at, f)
  s = +"abc def ghi"
  r = []
  blk = proc { |x| r << x; s.replace("Z Y") if r.size == at; x }
  begin
    v = f.call(s, blk)
    r << [:ret, v]
  rescue => e
    r << [e.class, e.message]
  end
  p [name, at, r, s]
end
[1, 3].each do |at|
  t(:split, at, ->(s, b) { s.split(" ", &b) })
  t(:split_re, at, ->(s, b) { s.split(/ /, &b) })
  t(:split_nil, at, ->(s, b) { s.split(&b) })
  t(:split_chars, at, ->(s, b) { s.split("", &b) })
  t(:scan, at, ->(s, b) { s.scan(/\w+/, &b) })
  t(:scan_s, at, ->(s, b) { s.scan("def", &b) })
  t(:gsub, at, ->(s, b) { s.gsub(/\w+/, &b) })
  t(:gsub_s, at, ->(s, b) { s.gsub("abc", &b) })
  t(:sub, at, ->(s, b) { s.sub(/\w+/, &b) })
  t(:gsub!, at, ->(s, b) { s.gsub!(/\w+/, &b) })
  t(:sub!, at, ->(s, b) { s.sub!(/\w+/, &b) })
end
s = +"abc def"
r = s.split(" ") { |x| s[0] = "X" }
p r, s
s = +"abc def"
p s.gsub(/\w+/) { |x| s << "!"; x.upcase } rescue p $!

# each_codepoint reads live: a block that breaks the encoding raises, one that grows the
# string sees the new characters
s = +"héllo"
r = []
begin
  s.each_codepoint { |c| r << c; s.replace("h\xC3") if r.size == 1 }
rescue ArgumentError => e
  r << e.message
end
p r
s = +"ab"
r = []
s.each_codepoint { |c| r << c; s << "é" if r.size == 1 }
p r
s = (+"ab\xFFc").force_encoding("BINARY")
r = []
s.each_codepoint { |c| r << c; s.replace("xy") if r.size == 2 }
p r
s = +"e\u0301x"
r = []
s.each_grapheme_cluster { |g| r << g; s.clear }
p r, r.map(&:encoding)
