# the program `rubra -W0 -e 'p $VERBOSE, $DEBUG, $-p, $-l, $-a, $-i'` runs, written out for the oracle
$VERBOSE = nil
p $VERBOSE, $DEBUG, $-p, $-l, $-a, $-i
