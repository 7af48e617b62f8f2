# FalseClass
p false.to_s
p false.inspect
p false & true
p false | 1
p false | nil
p false ^ true
p false ^ false
p !false
p false.class
p false.nil?
p false == nil
p false.frozen?
p "#{false}"
