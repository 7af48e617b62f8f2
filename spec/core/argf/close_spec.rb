# ARGF: skip, close (lineno back to 0), closed?, ARGF.class.new with its own argv, to_s.
$dir = "/tmp/rubra_spec_argf_close_#{$$}"
def sh(*xs) = puts(xs.map(&:inspect).join("\n").gsub($dir, "DIR"))
Dir.mkdir($dir)
a = "#{$dir}/a.txt"; b = "#{$dir}/b.txt"
File.write(a, "a1\na2\n"); File.write(b, "b1\nb2\nb3")
ARGV.replace([a, b])
sh ARGF.gets; ARGF.skip; sh ARGF.gets; ARGF.skip; sh ARGF.gets, ARGF.gets
ARGV.replace([a, b])
sh ARGF.gets; sh ARGF.close; sh ARGF.lineno, ARGF.closed?, ARGF.gets, ARGF.lineno
sh ARGF.to_s, ARGF.inspect, ARGF.class, ARGF.class.name
g = ARGF.class.new(a, b)
sh g.argv, g.read, g.filename, g.to_s
g = ARGF.class.new(a)
File.delete(a, b); Dir.rmdir($dir)
