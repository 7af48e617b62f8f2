# Binding#local_variable_defined?: locals of the scope and enclosing ones (also those assigned
# later in the scope), not methods or locals of other scopes.

def m(arg)
  bd = binding
  later = 1
  [bd.local_variable_defined?(:arg), bd.local_variable_defined?(:later),
   bd.local_variable_defined?(:bd), bd.local_variable_defined?(:nope),
   bd.local_variable_defined?(:puts), bd.local_variable_defined?("arg")]
end
p m(1)

top = 1
[1].each { |blockvar| p binding.local_variable_defined?(:top), binding.local_variable_defined?(:blockvar) }
def other
  binding.local_variable_defined?(:top)
end
p other
begin
  binding.local_variable_defined?(:Bad)
rescue NameError => e
  puts "#{e.class}: #{e.message.split(" for ").first}"
end
