# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle cannot run subprocesses
# Kernel#spawn and Process.spawn with redirects, chdir: and an environment hash.
dir = "/tmp/rubra-spawn-spec-#{$$}"
Dir.mkdir(dir)
out = File.join(dir, "out.txt")
puts "parent line before spawn"
pid = spawn("echo", "to a file", out: out)
Process.wait(pid)
p File.read(out)
pid = Process.spawn("sh -c 'echo out; echo err >&2'", [:out, :err] => [out, "w"])
Process.wait(pid)
p File.read(out).lines.sort
pid = spawn("echo appended", out: [out, "a"])
Process.wait(pid)
p File.read(out).lines.size
pid = spawn("sh", "-c", "echo err only >&2", err: out)
Process.wait(pid)
p File.read(out)
pid = spawn("sh", "-c", "echo both; echo both-err >&2", out: out, err: [:child, :out])
Process.wait(pid)
p File.read(out).lines.sort
File.write(File.join(dir, "in.txt"), "line from stdin\n")
pid = spawn("cat", in: File.join(dir, "in.txt"), out: out)
Process.wait(pid)
p File.read(out)
pid = spawn("pwd", chdir: dir, out: out)
Process.wait(pid)
p File.read(out).chomp == File.realpath(dir)
pid = spawn({"RUBRA_SPAWN" => "env hash"}, "echo $RUBRA_SPAWN", out: out)
Process.wait(pid)
p File.read(out)
r, w = IO.pipe
pid = spawn("echo through a pipe", out: w)
w.close
p r.read
Process.wait(pid)
pid = spawn("cat", in: :close, err: "/dev/null", out: out)
Process.wait(pid)
p $?.success?
pid = spawn("echo", "to stdout", out: :out)
Process.wait(pid)
puts "parent line after"
begin
  spawn("no_such_command_rubra")
rescue Errno::ENOENT => e
  p e.message
end
File.delete(*Dir[File.join(dir, "*")])
Dir.rmdir(dir)
