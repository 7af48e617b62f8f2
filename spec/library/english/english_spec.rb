require "English"
p $ERROR_INFO, $PROGRAM_NAME.class, $PID.class, $PROCESS_ID == $$, $FS, $FIELD_SEPARATOR, $OFS, $RS, $ORS, $NR, $INPUT_RECORD_SEPARATOR, $DEFAULT_OUTPUT.class, $LAST_READ_LINE
"abc" =~ /(b)(c)/
p $MATCH, $PREMATCH, $POSTMATCH, $LAST_PAREN_MATCH, $LAST_MATCH_INFO
begin
  raise "x"
rescue
  p $ERROR_INFO, $ERROR_POSITION.class, $ERROR_POSITION.equal?($@) || $ERROR_POSITION == $@
end
p $ERROR_INFO
p $CHILD_STATUS, $ARGV, $IGNORECASE
p $PROGRAM_NAME == $0, $ARGV.equal?(ARGV), $DEFAULT_OUTPUT.equal?($stdout)
$INPUT_RECORD_SEPARATOR = "x"
p $/
$/ = "\n"
$OUTPUT_FIELD_SEPARATOR = nil
$ORS = nil
p $LOADED_FEATURES.grep(/English/).size
p require("English")
