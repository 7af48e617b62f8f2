# env: TZ=UTC (run by ruby 3.1: the oracle runs programs through eval and drops at_exit output)
# BEGIN { } runs before the rest of the program, END { } once at exit however often it is reached.
BEGIN { $stdout.sync = true }
puts :main
3.times { END { puts :end_in_loop } }
END { puts :end_last_registered_first }
BEGIN { puts :begin_one }
at_exit { puts :at_exit }
BEGIN { puts :begin_two }
puts :main_done
