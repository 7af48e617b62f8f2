# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle cannot run subprocesses
# Kernel#system, backquotes and %x{}: results, $?, the environment, options, and output order
# (rubra's buffered stdout is written out before the child writes).
puts "first (buffered)"
p system("echo from echo")
puts "after echo"
p system("exit 3"), $?.exitstatus
p system("false"), $?.exitstatus
p system("true"), $?.success?
p system("no_such_command_rubra"), $?.exitstatus
p system("echo", "two words", "'quoted'")
p system({"RUBRA_T" => "set by env"}, "echo $RUBRA_T")
ENV["RUBRA_T2"] = "changed in ENV"
p system("echo $RUBRA_T2")
ENV.delete("RUBRA_T2")
p system("echo [${RUBRA_T2}]")
p system("pwd", chdir: "/")
begin
  system("exit 2", exception: true)
rescue RuntimeError => e
  p e.message
end
begin
  system("no_such_command_rubra", exception: true)
rescue SystemCallError => e
  p e.class, e.message
end
p system("sh", "-c", "echo to stderr >&2", err: :out)

p `echo hi`
p $?.exitstatus
p `printf 'a\\nb'`.lines
p %x{echo #{1 + 2}}
p `exit 5`, $?.exitstatus
x = `echo $RUBRA_T3`
p x
ENV["RUBRA_T3"] = "seen by backquotes"
p `echo $RUBRA_T3`
begin
  `no_such_command_rubra`
rescue Errno::ENOENT => e
  p e.message
end
p $?.exitstatus
