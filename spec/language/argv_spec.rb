# ARGV and $0 when the program gets no arguments
p ARGV
p ARGV.class
p ARGV.empty?
p $0
p $PROGRAM_NAME
p __FILE__ == $0
