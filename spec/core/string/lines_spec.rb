p "a\nb\nc".lines, "a\r\nb\n".lines(chomp: true), "a--b--c".lines("--"), "p1\n\n\np2\n".lines(""), "x\ny".each_line.to_a
"l1\nl2\n".each_line { |l| p l }
p "p1\n\n\np2\n".lines("", chomp: true), "a\n\n\n\nb".lines(""), "\n\na\nb\n\n".lines(""), "a\nb".lines(""), "a\r\n\r\nb".lines("")
p "a\r\nb\r\n".lines(chomp: true), "a\nb".lines("b", chomp: true), "a\r\n".lines("\r\n", chomp: true)
