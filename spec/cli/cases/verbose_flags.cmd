-W0
-e
p $VERBOSE, $DEBUG, $-p, $-l, $-a, $-i
