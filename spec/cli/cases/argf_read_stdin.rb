# the program `rubra -e 's = ARGF.read; p s.size, s.lines.last' < in2.txt` runs, written out for the oracle
ARGV.replace(["in2.txt"])
s = ARGF.read; p s.size, s.lines.last
