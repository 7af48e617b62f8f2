# frozen_string_literal: true
#
# English: readable names for the punctuation globals (`$ERROR_INFO` for `$!`, `$PID` for
# `$$`, ...). Each is an alias of the global, so reading and writing one is the other's.
# Written for rubra.

alias $ERROR_INFO $!
alias $ERROR_POSITION $@
alias $FS $;
alias $FIELD_SEPARATOR $;
alias $OFS $,
alias $OUTPUT_FIELD_SEPARATOR $,
alias $RS $/
alias $INPUT_RECORD_SEPARATOR $/
alias $ORS $\
alias $OUTPUT_RECORD_SEPARATOR $\
alias $INPUT_LINE_NUMBER $.
alias $NR $.
alias $LAST_READ_LINE $_
alias $DEFAULT_OUTPUT $>
alias $DEFAULT_INPUT $<
alias $PID $$
alias $PROCESS_ID $$
alias $CHILD_STATUS $?
alias $LAST_MATCH_INFO $~
alias $IGNORECASE $=
alias $ARGV $*
alias $MATCH $&
alias $PREMATCH $`
alias $POSTMATCH $'
alias $LAST_PAREN_MATCH $+
