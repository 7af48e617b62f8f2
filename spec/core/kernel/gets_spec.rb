# Kernel#gets, readline and readlines read ARGF: the files named in ARGV, one after another
# (shifting them off ARGV), counting $. across them; $_ holds the last line.
a = "/tmp/rubra_spec_kernel_gets_a.txt"
b = "/tmp/rubra_spec_kernel_gets_b.txt"
File.write(a, "a1\na2\n")
File.write(b, "b1\nb2\nb3")
ARGV.replace([a, b])
p gets, $_, $., ARGV
p gets(chomp: true), $.
p gets, ARGV, $.
p readline, readlines
p gets, $_
ARGV.replace([a])
p readlines(chomp: true)
ARGV.replace(["/tmp/rubra_spec_kernel_gets_missing.txt"])
begin; gets; rescue => e; p e; end
File.delete(a, b)
