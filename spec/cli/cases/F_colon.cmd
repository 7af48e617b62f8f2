-F:
-lane
p [$F, $_, $.]
in2.txt
