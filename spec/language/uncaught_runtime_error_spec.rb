# A bare `raise "message"` that is never rescued, after output on both streams
puts "stdout line"
$stderr.puts "stderr line"
raise "fatal problem"
