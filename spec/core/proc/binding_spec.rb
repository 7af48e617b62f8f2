# Proc#binding: the scope the block was written in (not the block's own parameters), its self,
# and locals shared with that scope.

def maker
  captured = 1
  pr = proc { |arg| inner = arg }
  [pr, -> { captured }]
end
pr, reader = maker
bd = pr.binding
p bd.class
p bd.local_variables
p bd.local_variable_get(:captured)
bd.local_variable_set(:captured, 2)
p reader.call
p bd.eval("captured + 40")
p bd.receiver

class Owner
  def blk
    proc { self }
  end
end
o = Owner.new
p o.blk.binding.receiver.equal?(o)

x = 10
l = lambda { x }
l.binding.local_variable_set(:x, 11)
p x
p l.binding.eval("x * 2")
begin
  :upcase.to_proc.binding
rescue ArgumentError => e
  puts "#{e.class}: #{e.message}"
end
