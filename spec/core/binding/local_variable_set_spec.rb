# Binding#local_variable_set: assigns an existing local of the scope (the frame sees it), or
# makes a local of the binding only.

def setter
  x = 1
  bd = binding
  bd.local_variable_set(:x, 2)
  seen = x
  bd.local_variable_set(:brand_new, 3)
  [seen, bd.local_variable_get(:brand_new), bd.local_variable_defined?(:brand_new),
   defined?(brand_new), bd.eval("brand_new + x")]
end
p setter

y = 0
[1].each { binding.local_variable_set(:y, 9) }
p y

bd = binding
p bd.local_variable_set(:z, "value")
p bd.local_variable_get(:z)
p bd.local_variables.include?(:z)
begin
  bd.local_variable_set(:Nope, 1)
rescue NameError => e
  puts "#{e.class}: #{e.message.split(" for ").first}"
end
