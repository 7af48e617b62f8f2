# env: TZ=UTC
# oracle: system ruby 3.1, because io/console is a gem the oracle (WASI) lacks
# The spec runs with stdin from /dev/null and stdout to a pipe: no terminal. What a terminal
# does is checked in spec/library/io_console/pty.rs.
require "io/console"
[-> { $stdin.winsize }, -> { $stdin.raw { } }, -> { $stdin.echo = false }, -> { $stdin.noecho { } },
 -> { $stdin.getch }, -> { $stdin.echo? }, -> { $stdin.winsize = [1, 2] }, -> { $stdin.raw! },
 -> { $stdin.cooked { 1 } }, -> { $stdin.cooked! }, -> { $stdin.iflush }, -> { $stdin.oflush },
 -> { $stdin.ioflush }, -> { $stdout.winsize }, -> { $stderr.raw(min: 1) { } }, -> { $stdin.getch(min: 1, time: 0.5) },
 -> { $stdin.raw(intr: true) { } }].each do |f|
  p f.call
rescue => e
  p [e.class, e.message]
end
r, w = IO.pipe
[-> { r.winsize }, -> { w.echo? }, -> { r.raw { :no } }, -> { r.getpass }].each do |f|
  p f.call
rescue => e
  p [e.class, e.message]
end
path = "/tmp/rubra_console_#{$$}"
File.open(path, "w") do |f|
  begin
    f.winsize
  rescue => e
    p [e.class, e.message.sub($$.to_s, "PID")]
  end
  begin
    f.winsize = [1, 2, 3]
  rescue => e
    p [e.class, e.message]
  end
end
File.delete(path)
r.close
begin
  r.winsize
rescue IOError => e
  p e.message
end
p IO.instance_method(:raw).arity, IO.instance_method(:getch).arity, IO.instance_method(:winsize=).arity, IO.instance_method(:noecho).arity
p [:winsize, :raw, :raw!, :cooked, :noecho, :echo=, :echo?, :getch, :getpass, :iflush, :beep].all? { |m| IO.method_defined?(m) }
p IO.respond_to?(:console)
w2 = IO.pipe.last
p w2.beep.equal?(w2)
