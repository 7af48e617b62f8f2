# NilClass
p nil.to_s
p nil.to_a
p nil.to_h
p nil.to_i
p nil.to_f
p nil.inspect
p nil.nil?
p nil & true
p nil | 1
p nil | nil
p nil ^ true
p nil ^ nil
p !nil
p nil == false
p nil.class
p NilClass.instance_methods(false).sort.first(3)
p [nil, nil].compact
p nil.to_s.length
puts nil.inspect
p nil.dup
p "#{nil}"
