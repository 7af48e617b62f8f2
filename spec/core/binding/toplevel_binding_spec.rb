# TOPLEVEL_BINDING and the Binding class itself.

p TOPLEVEL_BINDING.class
p TOPLEVEL_BINDING.receiver
def from_method
  TOPLEVEL_BINDING.eval("self")
end
p from_method
p binding.class
p Binding.respond_to?(:new)
begin
  Binding.new
rescue NoMethodError => e
  puts e.message
end
p binding.is_a?(Binding)
