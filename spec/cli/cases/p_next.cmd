-pe
next if $. == 2; $_ = "#{$.}: #{$_}"
in1.txt
