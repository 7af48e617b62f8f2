# Binding#local_variable_get: locals of the scope and enclosing ones, String or Symbol names,
# NameError for an unknown or invalid name.

def scope_with(a, b = 2)
  c = a + b
  binding
end
bd = scope_with(1)
p bd.local_variable_get(:a)
p bd.local_variable_get("b")
p bd.local_variable_get(:c)

def declared_later
  bd = binding
  before = bd.local_variable_get(:later)
  later = 5
  [before, bd.local_variable_get(:later)]
end
p declared_later

outer = :outer
[1].each { |i| p binding.local_variable_get(:outer), binding.local_variable_get(:i) }

["missing", "Const", "1x", "@iv", "$g"].each do |name|
  begin
    bd.local_variable_get(name)
  rescue NameError => e
    puts "#{e.class}: #{e.message.split(" for ").first}"
    p e.name
  end
end
begin
  bd.local_variable_get(3)
rescue TypeError => e
  puts "#{e.class}: #{e.message}"
end
