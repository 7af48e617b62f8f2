# ARGF: getc, getbyte, readchar, each_char, each_byte, to_a, chomp, a missing file, lineno=, write, encoding.
$dir = "/tmp/rubra_spec_argf_chars_#{$$}"
def sh(*xs) = puts(xs.map(&:inspect).join("\n").gsub($dir, "DIR"))
Dir.mkdir($dir)
a = "#{$dir}/a.txt"; b = "#{$dir}/b.txt"
File.write(a, "a1\na2\n"); File.write(b, "b1\nb2\nb3")
ARGV.replace([a, b])
g = ARGF.class.new(a)
sh [g.getc, g.getc, g.getc], g.getc, g.getbyte, g.readchar
chars = []
ARGF.class.new(b).each_char { |c| chars << c }
bytes = []
ARGF.class.new(a).each_byte { |c| bytes << c }
sh chars, bytes
sh g.to_a
ARGV.replace([a]); sh ARGF.each_line(chomp: true).to_a
ARGV.replace([a]); sh ARGF.gets(nil), ARGF.lineno
ARGV.replace(["#{$dir}/missing.txt"])
begin; ARGF.gets; rescue => e; sh e; end
sh ARGV, ARGF.filename
sh ARGF.inplace_mode, $-i
ARGV.replace([a]); sh ARGF.gets; sh ARGF.lineno = 10; sh ARGF.gets, $.
begin; ARGF.write("x"); rescue => e; sh e; end
sh ARGF.external_encoding
File.delete(a, b); Dir.rmdir($dir)
