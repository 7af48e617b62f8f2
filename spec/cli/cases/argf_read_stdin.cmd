-e
s = ARGF.read; p s.size, s.lines.last
< in2.txt
