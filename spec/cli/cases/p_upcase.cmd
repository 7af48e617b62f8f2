-pe
$_ = $_.upcase
in1.txt
