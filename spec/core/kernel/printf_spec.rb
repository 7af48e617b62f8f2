# Kernel#printf, #putc and IO#printf
printf("%05.2f|%-6s|%+d\n", 3.14159, "ab", 5)
printf("%s and %s\n", "a", :b)
putc "xyz"
putc 10
putc 65
putc 10
$stdout.printf("%x\n", 255)
p printf("")
