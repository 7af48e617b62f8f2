# Object#=~ is gone in Ruby 4.0 (NoMethodError); nil =~ x is nil
begin; p(Object.new =~ 1); rescue NoMethodError => e; puts e.message; end
p nil =~ 1
