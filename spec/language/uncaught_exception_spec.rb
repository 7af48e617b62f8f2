# An uncaught exception at the end: message and backtrace on stderr, exit status 1
def helper(x)
  raise ArgumentError, "bad value: #{x}"
end
def caller_method = helper(42)
puts "before"
$stdout.flush
caller_method
puts "never printed"
