-s
-e
p $xyz, $name, $dash_ed, ARGV
--
-xyz
-name=val
-dash-ed
arg
-z
