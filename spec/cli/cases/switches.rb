# the program `rubra -s -e 'p $xyz, $name, $dash_ed, ARGV' -- -xyz -name=val -dash-ed arg -z` runs, written out for the oracle
$xyz = true; $name = "val"; $dash_ed = true
ARGV.replace(["arg", "-z"])
p $xyz, $name, $dash_ed, ARGV
