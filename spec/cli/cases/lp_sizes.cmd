-lpe
$_ = $_.size.to_s
in1.txt
in2.txt
