# The special globals: aliases ($: $-I $" $PROGRAM_NAME $-0 $-F $-v $-w $-d), read-only ones,
# and the type checks on assignment to $/ $; $, $0 $VERBOSE.
p $:.equal?($LOAD_PATH), $-I.equal?($LOAD_PATH), $".equal?($LOADED_FEATURES)
p $LOAD_PATH.class, $LOADED_FEATURES.class, $LOAD_PATH.frozen?
p $PROGRAM_NAME == $0, $*.equal?(ARGV), $-0.equal?($/)
p $VERBOSE, $-v, $-w, $DEBUG, $-d, $-p, $-l, $-a
p $$.class, $FILENAME, $<.equal?(ARGF)
begin; $: = []; rescue NameError => e; p e.message, e.name; end
begin; $LOAD_PATH = []; rescue NameError => e; p e.message; end
begin; $LOADED_FEATURES = []; rescue NameError => e; p e.message; end
begin; $" = []; rescue NameError => e; p e.message; end
begin; $* = []; rescue NameError => e; p e.message; end
begin; $-p = true; rescue NameError => e; p e.message; end
begin; $$ = 1; rescue NameError => e; p e.message; end
begin; $FILENAME = "x"; rescue NameError => e; p e.message; end
$LOAD_PATH << "/tmp/rubra_predefined_x"
p $:.last, $-I.last
$:.pop
$-0 = "x"
p $/
$/ = "\n"
$PROGRAM_NAME = "renamed"
p $0, $0.frozen?
$0 = "again"
p $PROGRAM_NAME
$-v = 3
p $VERBOSE
$-w = nil
p $VERBOSE
$VERBOSE = false
$-F = ","
p $;
$; = nil
begin; $/ = 1; rescue TypeError => e; p e.message; end
begin; $; = 1; rescue TypeError => e; p e.message; end
begin; $, = 1; rescue TypeError => e; p e.message; end
begin; $\ = :x; rescue TypeError => e; p e.message; end
begin; $0 = 1; rescue TypeError => e; p e.message; end
$stdout.sync = true
