-i.bak
-pe
$_ = $_.upcase
ed1.txt
ed2.txt
