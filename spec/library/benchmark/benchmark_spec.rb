# env: TZ=UTC
# oracle: system ruby 3.1, because benchmark is a bundled gem the oracle lacks
require "benchmark"
row = /\A *\d+\.\d{6} +\d+\.\d{6} +\d+\.\d{6} \( *\d+\.\d{6}\)\n\z/
p Benchmark::CAPTION, Benchmark::FORMAT
p Benchmark::Tms::CAPTION.equal?(Benchmark::CAPTION)
t = Benchmark.measure("lbl") { 1000.times { |i| i * i } }
p t.class, t.label, t.to_s.match?(row), t.format.match?(row)
p [t.utime, t.stime, t.cutime, t.cstime, t.real, t.total].all? { |x| x.is_a?(Float) && x >= 0 }
p (t.total - (t.utime + t.stime + t.cutime + t.cstime)).abs < 1e-9
p t.to_a.size, t.to_a.first, t.to_h.keys
r = Benchmark.realtime { }
p r.class, r >= 0, r < 1
# fixed times through Tms.new
a = Benchmark::Tms.new(1.5, 0.25, 0.125, 0.0625, 2.0, "a")
b = Benchmark::Tms.new(0.5, 0.75, 0.0, 0.0, 1.0, :b)
p a.total, b.label
puts a.to_s, a.format("%n: %u|%y|%U|%Y|%t|%r"), a.format("%-8n|%5.1u|%.2t|%3.0r")
puts a.format("%n %s %d\n", "extra", 42)
puts (a + b).to_s, (a - b).to_s, (a * 2).to_s, (a / 4).to_s
p (a + b).label, (a + b).to_a
c = Benchmark::Tms.new
p c.to_a, c.format("%t")
d = Benchmark::Tms.new(1.0).add { }
p d.class, d.utime >= 1.0
e = Benchmark::Tms.new(1.0)
p e.add! { }.equal?(e)
# bm: caption indented by the label width, rows labelled and aligned
out = $stdout
require "stringio"
$stdout = StringIO.new
list = Benchmark.bm(7) do |x|
  x.report("for:") { for i in 1..100; end }
  x.report("times:") { 100.times { } }
  x.report { }
end
s = $stdout.string
$stdout = out
lines = s.lines
p lines.size, lines[0] == " " * 8 + Benchmark::CAPTION
p lines[1][0, 8], lines[2][0, 8], lines[3][0, 8]
p lines[1..].all? { |l| l[8..].match?(row) }
p list.size, list.map(&:label), list.map(&:class).uniq
# benchmark with a caption, a format and extra rows from the block's result
$stdout = StringIO.new
Benchmark.benchmark(Benchmark::CAPTION, 7, Benchmark::FORMAT, ">total:", ">avg:") do |x|
  tf = x.report("for:") { for i in 1..100; end }
  tt = x.report("times:") { 100.times { } }
  [tf + tt, (tf + tt) / 2]
end
s = $stdout.string
$stdout = out
lines = s.lines
p lines.size, lines.map { |l| l[0, 8] }
p lines[1..].all? { |l| l[8..].match?(row) }
# bmbm: the rehearsal, its total line, then the measured run
$stdout = StringIO.new
res = Benchmark.bmbm do |x|
  x.report("short") { }
  x.report("a longer one") { 10.times { } }
end
s = $stdout.string
$stdout = out
lines = s.lines
p lines.size
p lines[0]
p lines[1][0, 13], lines[2][0, 13]
p lines[3].match?(/\A-+ total: \d+\.\d{6}sec\n\z/), lines[3].size
p lines[4], lines[5]
p lines[6][0, 13], lines[7][0, 13], lines[6][13..].match?(row)
p res.size, res.map(&:label)
p Benchmark.respond_to?(:measure), Benchmark.private_instance_methods.sort.first(5)
begin
  Benchmark.bmbm { |x| x.report("no block") }
rescue ArgumentError => e
  p e.message
end
