# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) has no threads
# `exit` inside a thread ends the whole program with its status (at_exit handlers and the
# main thread's ensure clauses run), as CRuby re-raises SystemExit in the main thread.
at_exit { puts "at_exit" }
begin
  Thread.new { exit 3 }
  sleep 1
  puts "not reached"
ensure
  puts "main ensure"
end
