# Kernel#__callee__ (an alias's own name) beside __method__ (the original), Kernel#global_variables,
# Method#original_name and UnboundMethod#original_name, nil.to_r and nil.rationalize.
def cal = [__method__, __callee__]
alias cal2 cal
p cal, cal2
p __callee__
pr = proc { __callee__ }
p pr.call
class K
  def m = __callee__
  alias n m
  define_method(:d) { __callee__ }
end
p K.new.m, K.new.n, K.new.d

gv = global_variables
p gv.all?(Symbol), gv.include?(:$stdout), gv.include?(:$stderr), gv.include?(:$0), gv.include?(:$LOAD_PATH)
p gv.include?(:$my_global)
$my_global = 1
p global_variables.include?(:$my_global), global_variables.include?(:$~), global_variables.include?(:$_)

p method(:cal2).original_name, method(:cal2).name, method(:cal).original_name
um = K.instance_method(:n)
p um.original_name, um.name, K.instance_method(:d).original_name
p [].method(:map).original_name, [].method(:collect).name

p nil.to_r, nil.rationalize, nil.rationalize(0.1), nil.to_r.class
