# Patterns where Onigmo (CRuby) and Oniguruma read the syntax differently, checked against CRuby:
# \y, \u{..} with several code points, \x{..}, look-behind limits, option groups, intervals.
def show(src, s)
  re = Regexp.new(src)
  m = re.match(s)
  puts "#{src.inspect} #{s.inspect}: #{m ? m.to_a.inspect : 'nil'}"
rescue => e
  puts "#{src.inspect}: #{e.class}: #{e.message}"
end
[["(?u)\\w+", "éa"], ["(?mu:a.)", "a\n"], ["\\p{Word}+", "é_a"], ["\\p{In_Greek}", "α"],
 ["\\p{Emoji}", "a😀"], ["[[:word:]]+", "é_1"], ["\\y", "ab"], ["(?<a>.)(?<a>.)\\k<a>", "abb"], ["\\k<1>", "a"],
 ["(?i)ﬀ", "FF"], ["\\A\\R\\z", "\r\n"], ["a{,}", "a{,}"], ["x{2}{3}", "xxxxxx"],
 ["[a-]", "-"], ["[\\]a]", "]"], ["[[:foo:]]", "a"], ["(?<=a+)b", "aab"], ["(?<!ab|c)d", "xd"], ["\\g<0>", "a"],
 ["(a)|\\1", "a"], ["(?x) a b # c", "ab"], ["\\Q", "Q"], ["(?#comment)a", "a"], ["a??", "a"],
 ["[\\d-z]+", "1-z"], ["\\p{Hiragana}\\p{Katakana}", "あア"], ["\\u{1F600 61}", "😀a"], ["\\x{41}", "A"],
 ["(?m)^a.b$", "a\nb"], ["\\O", "\n"], ["(?<_x>a)", "a"], ["(?<1x>a)", "a"], ["\\N", "a"]
].each { |a, b| show(a, b) }
