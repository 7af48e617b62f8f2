# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle cannot run subprocesses
# IO.popen: string commands (through the shell when they need it), array commands (never),
# the modes r, w and r+, blocks, pid and $?.
io = IO.popen("echo popen")
p io.class, io.pid.is_a?(Integer), io.sync
p io.read
pid = io.pid
io.close
p $?.exitstatus, $?.pid == pid
p IO.popen(["echo", "a  b", "$HOME"]).read
p IO.popen("echo $((1+2))", &:read)
p IO.popen(["sh", "-c", "exit 4"]) { |i| i.read }, $?.exitstatus
p IO.popen("exit 6", "r", &:gets), $?.exitstatus
IO.popen("cat", "r+") do |io|
  io.puts "round trip"
  io.close_write
  p io.read
end
p $?.success?
io = IO.popen("tr a-z A-Z", "r+")
io.write "shout"
io.close_write
p io.gets
io.close
puts "before the writer"
IO.popen("cat", "w") { |io| io.puts "written to cat" }
puts "after the writer"
p IO.popen({"RUBRA_P" => "env"}, "echo $RUBRA_P").read
p IO.popen(["sh", "-c", "echo to err >&2"], err: [:child, :out]).read
p IO.popen("pwd", chdir: "/").read
io = IO.popen("echo x")
begin
  io.write "y"
rescue IOError => e
  p e.message
end
io.close
begin
  IO.popen("no_such_command_rubra")
rescue Errno::ENOENT => e
  p e.message
end
begin
  IO.popen("cat", "r+") { |io| io.close_write; io.close_write; io.close_read; io.close_read; p io.closed? }
rescue IOError => e
  p e.message
end
