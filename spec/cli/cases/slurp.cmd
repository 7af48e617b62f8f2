-0777
-ne
p $_.size, $_.lines.size
paras.txt
in1.txt
