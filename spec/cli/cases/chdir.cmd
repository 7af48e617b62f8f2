-C
sub
-e
p File.read("f.txt"), File.basename(Dir.pwd)
