# String#each_byte, each_line, each_codepoint, each_grapheme_cluster and split with a block
# run all the calls in one block frame (Vm::yield_each).
def show
  p yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
def collect
  r = []
  v = yield r
  [v, r]
end

show { collect { |r| "abc".each_byte { r << _1 } } }
s = +"abcd"
show { collect { |r| s.each_byte { |c| r << c; s << "z" if s.size < 6 } } }
s = +"abcd"
show { collect { |r| s.each_byte { |c| r << c; s.clear if c == 98 } } }
show { "abc".each_byte { break 7 } }
show { "abc".each_byte { |b| raise "b#{b}" } }
show { collect { |r| "a\nb\nc".each_line { r << _1 } } }
show { collect { |r| "a\nb\nc".each_line(chomp: true) { r << _1 } } }
show { collect { |r| "a\n\nb\n\n\nc".each_line("") { r << _1 } } }
show { collect { |r| "a--b--c".each_line("--") { r << _1 } } }
show { "ab\ncd".each_line { |l| next 1 } }
show { "ab\ncd".each_line { |l| break l } }
show { collect { |r| "ab\ncd".lines { r << _1 } } }
show { collect { |r| "héllo".each_codepoint { r << _1 } } }
show { "héllo".each_codepoint { break _1 } }
show { collect { |r| "e\u0301x".each_grapheme_cluster { r << _1 } } }
show { collect { |r| "a,b,c".split(",") { r << _1 } } }
show { collect { |r| "a b  c".split { r << _1 } } }
show { collect { |r| "aXbXc".split(/X/) { r << _1 } } }
show { "a,b".split(",") { break _1 } }
show { collect { |r| "abc".each_byte(&->(b) { r << b }) } }
show { collect { |r| "ab".each_byte { |x| "cd".each_byte { |y| r << [x, y] } } } }
procs = []
"abc".each_byte { |b| procs << -> { b } }
show { procs.map(&:call) }
