# Kernel#trace_var and #untrace_var: commands run newest first after each assignment (also
# through an alias and an op-assign), a String command is evaluated at the top level, and
# untrace_var answers what it removed.
p trace_var(:$x) { |v| puts "x is now #{v}" }
$x = 5
trace_var(:$x) { |v| puts "second #{v.inspect}" }
$x = [1]
p trace_var(:$x, "puts 'cmd ' + $x.inspect")
$x = 7
r = untrace_var(:$x)
p r.size, r.map(&:class)
$x = 8
p untrace_var(:$x)
begin
  untrace_var(:$nope)
rescue => e
  p e.class, e.message
end
pr = proc { |v| puts "pr #{v}" }
trace_var(:$y, pr)
$y = 1
p untrace_var(:$y, pr).size
$y = 2
p trace_var("$z") { |v| p [:z, v] }
$z = 3
begin
  trace_var(:$w)
rescue => e
  p e.class, e.message
end
$a = 1
trace_var(:$a) { |v| $a_seen = v }
$a += 2
p $a_seen
trace_var(:$b) { |v| raise "no" if v == 0 }
begin
  $b = 0
rescue => e
  p e.message, $b
end
p untrace_var(:$b).size
alias $c $a
$c = 10
p $a_seen
p global_variables.include?(:$w)
