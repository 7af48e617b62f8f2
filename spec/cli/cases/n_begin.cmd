-ne
BEGIN { n = 0; puts "start" }; n += 1; print n, ":", $_
in1.txt
