# ARGF over the files in ARGV: gets/read/readlines/each_line across files, filename, file, lineno
# and $., eof?, skip, close, closed?, ARGF.class.new, getc/getbyte/readchar, errors.
$dir = "/tmp/rubra_spec_argf_#{$$}"
def sh(*xs) = puts(xs.map(&:inspect).join("\n").gsub($dir, "DIR"))
Dir.mkdir($dir)
a = "#{$dir}/a.txt"; b = "#{$dir}/b.txt"
File.write(a, "a1\na2\n"); File.write(b, "b1\nb2\nb3")
ARGV.replace([a, b])
sh ARGF.filename, ARGF.lineno, $FILENAME, ARGV
sh ARGF.gets, ARGF.filename, $FILENAME, ARGF.lineno, $., ARGV, ARGF.argv.equal?(ARGV)
sh ARGF.file.class, ARGF.file.path, ARGF.eof?, ARGF.pos
sh ARGF.gets, ARGF.eof?, ARGF.eof
sh ARGF.gets, ARGF.filename, ARGF.lineno, ARGF.file.lineno
sh ARGF.read(3), ARGF.read(100), ARGF.read(2), ARGF.read, ARGF.lineno, ARGF.filename
begin; sh ARGF.eof?; rescue => e; sh e; end
begin; sh ARGF.closed?; rescue => e; sh e; end
sh ARGF.gets, ARGF.filename
ARGV.replace([a, b])
sh ARGF.read
ARGV.replace([a, b])
sh ARGF.readlines, ARGF.lineno, $.
ARGV.replace([a, b])
ARGF.each_line.with_index { |l, i| sh [l, i, ARGF.lineno, ARGF.filename, $.] }
ARGV.replace([a, b])
File.delete(a, b)
Dir.rmdir($dir)
