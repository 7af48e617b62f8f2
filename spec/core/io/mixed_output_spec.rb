# print, puts, write, p, printf, putc, << and pp mixed on $stdout and STDOUT: the bytes must be
# the same whether stdout is a pipe (this spec), a file or a terminal (spec/io_exit.rs).
print "a", "b", 1, nil, :c, "\n"
puts "one", ["two", ["three"]], [], nil, "four\n", 5
puts
$stdout.write("w1", 2, "\n")
n = STDOUT.write("counted\n")
p n
p 1, "two", [3], { k: :v }
x = p
p x
printf("%-5s|%5.2f|%x\n", "ab", 3.14159, 255)
$stdout.printf("%s\n", "io printf")
putc "xyz"
putc 10
$stdout.putc 65
STDOUT << "chained " << 42 << "\n"
pp({ list: (1..30).to_a, name: "a fairly long name to force wrapping" })
$stdout.print "no newline at end"
$stdout.puts
print "é€😀\n"
$stdout.write("x" * 9000, "\n")
puts "after big write"
$stdout.flush
puts "done"
