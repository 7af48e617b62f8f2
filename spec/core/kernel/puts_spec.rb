# Kernel#puts: return value, arrays, nil, newlines
r = puts("a")
p r
puts
puts nil
puts [1, [2, [3]]]
puts []
puts [nil]
puts "ends with newline\n"
puts "two newlines\n\n"
puts 1, 2.5, :sym
puts true, false
puts({ a: 1 })
puts "multi\nline"
puts ""
puts "日本"
class Custom
  def to_s = "custom!"
end
puts Custom.new
puts [Custom.new, "x"]
$stdout.puts "via $stdout"
STDOUT.puts "via STDOUT"
$stdout.write("written\n")
p $stdout.write("ab", "cd\n")
$stdout.print "printed\n"
$stdout << "shovel " << "chain\n"
