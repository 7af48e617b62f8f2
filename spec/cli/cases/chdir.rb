# the program `rubra -C sub -e 'p File.read("f.txt"), File.basename(Dir.pwd)'` runs, written out for the oracle
Dir.chdir("sub")
p File.read("f.txt"), File.basename(Dir.pwd)
